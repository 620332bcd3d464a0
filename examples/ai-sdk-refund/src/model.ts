import type { LanguageModel } from 'ai';
import { createScriptedSupportModel } from './scripted-model.js';

type WrappableModel = Exclude<LanguageModel, string>;

/**
 * The scripted model by default. With OPENAI_API_KEY set and `@ai-sdk/openai`
 * installed (`pnpm add @ai-sdk/openai`, not a dependency of this example), a real
 * model is used instead; OPENAI_MODEL picks it (default gpt-4.1-mini).
 */
export async function chooseModel(
  preference: 'scripted' | 'auto',
): Promise<{ model: WrappableModel; label: string }> {
  if (preference === 'auto' && process.env.OPENAI_API_KEY) {
    const specifier = '@ai-sdk/openai';
    try {
      const { openai } = (await import(specifier)) as { openai: (id: string) => WrappableModel };
      const id = process.env.OPENAI_MODEL ?? 'gpt-4.1-mini';
      return { model: openai(id), label: `OpenAI ${id}` };
    } catch {
      console.warn(
        'OPENAI_API_KEY is set but @ai-sdk/openai is not installed; using the scripted model.',
      );
    }
  }
  return { model: createScriptedSupportModel(), label: 'scripted offline model' };
}

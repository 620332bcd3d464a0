// Provider packages are the app's choice; the sample uses OpenAI's.
declare module '@ai-sdk/openai' {
  export const openai: (modelId: string) => Exclude<import('ai').LanguageModel, string>;
}

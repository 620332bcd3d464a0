import { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { extractRawArguments } from './raw-arguments.js';

describe('extractRawArguments', () => {
  it('reads OpenAI-style additional_kwargs.tool_calls', () => {
    const m = new AIMessage({
      content: '',
      tool_calls: [{ id: 'a', name: 't', args: { x: 2 } }],
      additional_kwargs: {
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 't', arguments: '{"x":1,"x":2}' } },
        ],
      },
    });
    expect(extractRawArguments(m).get('a')).toBe('{"x":1,"x":2}');
  });

  it('joins streamed tool_call_chunks per index, as LangChain groups them', () => {
    const first = new AIMessageChunk({
      content: '',
      tool_call_chunks: [
        { id: 'a', name: 't', args: '{"x":', index: 0, type: 'tool_call_chunk' },
        { id: 'b', name: 't', args: '', index: 1, type: 'tool_call_chunk' },
      ],
    });
    const second = new AIMessageChunk({
      content: '',
      tool_call_chunks: [{ args: '12', index: 0, type: 'tool_call_chunk' }],
    });
    const merged = first.concat(second);
    const raw = extractRawArguments(merged);
    expect(raw.get('a')).toBe('{"x":12');
    expect(raw.get('b')).toBe('{}');
    // LangChain's own view of the truncated call: a "valid" call with x = 12
    expect(merged.tool_calls?.find((c) => c.id === 'a')?.args).toEqual({ x: 12 });
  });

  it('reads streamed Anthropic-style tool_use blocks and invalid_tool_calls', () => {
    const m = new AIMessage({
      content: [{ type: 'tool_use', id: 'u', name: 't', input: '{"a":"b"}' }],
      tool_calls: [],
      invalid_tool_calls: [
        { id: 'i', name: 't', args: '{"a":', error: 'Malformed args.', type: 'invalid_tool_call' },
      ],
    });
    const raw = extractRawArguments(m);
    expect(raw.get('u')).toBe('{"a":"b"}');
    expect(raw.get('i')).toBe('{"a":');
  });

  it('has nothing when the message carries decoded args only', () => {
    const m = new AIMessage({ content: '', tool_calls: [{ id: 'a', name: 't', args: { x: 1 } }] });
    expect(extractRawArguments(m).size).toBe(0);
  });
});

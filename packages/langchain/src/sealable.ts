import { type ArgsealTool, defineTool, isArgsealTool } from '@argseal/core';
import { isStandardSchema } from '@argseal/core/kit';
import type { DynamicStructuredTool, StructuredToolInterface } from '@langchain/core/tools';
import { isInteropZodSchema } from '@langchain/core/utils/types';
import { ArgsealLangChainError } from './errors.js';
import { runImplementation } from './implementation.js';

/** What argseal can seal: an argseal tool, or a LangChain tool with a zod (Standard Schema) schema. */
export type SealableTool = ArgsealTool | StructuredToolInterface;

/** The input a sealed `T` takes: the wrapped tool's (schema input for LangChain tools). */
export type SealedInput<T> =
  T extends ArgsealTool<infer I, any, any>
    ? I
    : T extends StructuredToolInterface<any, infer I, any>
      ? I
      : any;

/** The output a sealed `T` returns when invoked with plain input: the wrapped tool's. */
export type SealedOutput<T> =
  T extends ArgsealTool<any, infer O, any>
    ? Awaited<O>
    : T extends DynamicStructuredTool<any, any, any, infer O, any, any>
      ? O
      : T extends StructuredToolInterface<any, any, infer O>
        ? O
        : any;

/** A tool as argseal runs it: the argseal definition, plus what LangChain binds to the model. */
export interface ToolBinding {
  argsealTool: ArgsealTool;
  /** Schema LangChain converts to JSON Schema for the model (zod, or JSON Schema). */
  langchainSchema: unknown;
  description: string;
  source: StructuredToolInterface | undefined;
}

const PERMISSIVE_OBJECT = { type: 'object', properties: {}, additionalProperties: true };

function isLangChainTool(value: unknown): value is StructuredToolInterface {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { invoke?: unknown }).invoke === 'function' &&
    typeof (value as { _call?: unknown })._call === 'function' &&
    'schema' in value
  );
}

/**
 * Builds the binding for a tool. A LangChain tool keeps its schema for the model and
 * gets an argseal definition whose `execute` runs the tool's implementation on
 * argseal's fresh copy (its schema runs once, inside argseal). An argseal tool gets its
 * zod schema bound, or `jsonSchema`, or a permissive object schema.
 *
 * @throws {ArgsealLangChainError} `unsupported_tool`
 */
export function bindingFor(tool: SealableTool, jsonSchema?: unknown): ToolBinding {
  const sealedBinding = (tool as { argsealBinding?: ToolBinding }).argsealBinding;
  if (sealedBinding && isArgsealTool(sealedBinding.argsealTool)) return sealedBinding;
  if (isArgsealTool(tool)) {
    return {
      argsealTool: tool,
      langchainSchema:
        jsonSchema ?? (isInteropZodSchema(tool.schema) ? tool.schema : PERMISSIVE_OBJECT),
      description: tool.description ?? `${tool.name} tool`,
      source: undefined,
    };
  }
  if (!isLangChainTool(tool)) {
    throw new ArgsealLangChainError(
      'unsupported_tool',
      'expected an argseal tool (defineTool) or a LangChain StructuredTool',
    );
  }
  if (!isStandardSchema(tool.schema)) {
    throw new ArgsealLangChainError(
      'unsupported_tool',
      'the tool schema must implement Standard Schema (zod 3.24+ or 4); JSON Schema tools cannot be sealed',
      { tool: tool.name },
    );
  }
  const source = tool;
  const argsealTool = defineTool({
    name: tool.name,
    description: tool.description,
    schema: tool.schema,
    execute: (input, ctx) => runImplementation(source, input, ctx),
  });
  return {
    argsealTool,
    langchainSchema: tool.schema,
    description: tool.description,
    source,
  };
}

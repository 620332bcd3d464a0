// One error brand per package family: every family's error is an ArgsealError, carries a
// stable `code`, and its `isInstance` is true for its own family only (issue 27, item 3).
import { ArgsealAiSdkError } from '@argseal/ai-sdk';
import { ConsoleError } from '@argseal/console';
import {
  ApprovalError,
  ArgsealConfigError,
  ArgsealError,
  DurableWaitError,
  StrictFetchError,
  ToolArgumentsValidationError,
} from '@argseal/core';
import { DbosApprovalError } from '@argseal/dbos';
import { HookError } from '@argseal/hooks';
import { ArgsealLangChainError } from '@argseal/langchain';
import { McpSealError } from '@argseal/mcp';
import { ArgsealAgentsError } from '@argseal/openai-agents';
import { PolicyConfigError } from '@argseal/policies';
import { CedarPolicyError } from '@argseal/policy-cedar';
import { DlpError } from '@argseal/policy-dlp';
import { SqlStoreError } from '@argseal/postgres';
import { WorkflowApprovalError } from '@argseal/workflow';
import { describe, expect, it } from 'vitest';
import { CliError, CliUsageError } from './errors.js';

type Family = { name: string; isInstance: (v: unknown) => boolean; make: () => Error };
const x = 'x' as never;

const families: Family[] = [
  {
    name: 'ApprovalError',
    isInstance: ApprovalError.isInstance,
    make: () => new ApprovalError(x, 'm'),
  },
  {
    name: 'ToolArgumentsValidationError',
    isInstance: ToolArgumentsValidationError.isInstance,
    make: () =>
      new ToolArgumentsValidationError({
        stage: 'decode',
        code: 'invalid_json',
        path: '',
      } as never),
  },
  {
    name: 'DurableWaitError',
    isInstance: DurableWaitError.isInstance,
    make: () => new DurableWaitError(x, 'm'),
  },
  {
    name: 'WorkflowApprovalError',
    isInstance: WorkflowApprovalError.isInstance,
    make: () => new WorkflowApprovalError(x, 'm'),
  },
  {
    name: 'StrictFetchError',
    isInstance: StrictFetchError.isInstance,
    make: () => new StrictFetchError(x, 'm'),
  },
  {
    name: 'ArgsealAiSdkError',
    isInstance: ArgsealAiSdkError.isInstance,
    make: () => new ArgsealAiSdkError(x, 'm'),
  },
  {
    name: 'ArgsealAgentsError',
    isInstance: ArgsealAgentsError.isInstance,
    make: () => new ArgsealAgentsError(x, 'm'),
  },
  {
    name: 'ArgsealLangChainError',
    isInstance: ArgsealLangChainError.isInstance,
    make: () => new ArgsealLangChainError(x, 'm'),
  },
  {
    name: 'ConsoleError',
    isInstance: ConsoleError.isInstance,
    make: () => new ConsoleError(x, 'm'),
  },
  {
    name: 'SqlStoreError',
    isInstance: SqlStoreError.isInstance,
    make: () => new SqlStoreError(x, 'm'),
  },
  {
    name: 'McpSealError',
    isInstance: McpSealError.isInstance,
    make: () => new McpSealError(x, 'm'),
  },
  {
    name: 'HookError',
    isInstance: HookError.isInstance,
    make: () => new HookError('hook', x, 'm'),
  },
  { name: 'CliError', isInstance: CliError.isInstance, make: () => new CliUsageError(x, 'm') },
  {
    name: 'PolicyConfigError',
    isInstance: PolicyConfigError.isInstance,
    make: () => new PolicyConfigError(x, 'm'),
  },
  { name: 'DlpError', isInstance: DlpError.isInstance, make: () => new DlpError(x, 'm') },
  {
    name: 'CedarPolicyError',
    isInstance: CedarPolicyError.isInstance,
    make: () => new CedarPolicyError(x, 'm'),
  },
  {
    name: 'DbosApprovalError',
    isInstance: DbosApprovalError.isInstance,
    make: () => new DbosApprovalError(x, 'm'),
  },
];

describe('one error brand per package family', () => {
  it.each(families)('$name is an ArgsealError with a code, and its own family only', (family) => {
    const error = family.make();
    expect(ArgsealError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(ArgsealError);
    expect(typeof (error as ArgsealError).code).toBe('string');
    for (const other of families) {
      expect([other.name, other.isInstance(error)]).toEqual([other.name, other === family]);
    }
  });

  it('config families are ArgsealConfigErrors; a plain Error or a look-alike object is no family', () => {
    for (const e of [
      new PolicyConfigError(x, 'm'),
      new DlpError(x, 'm'),
      new CedarPolicyError(x, 'm'),
    ]) {
      expect(ArgsealConfigError.isInstance(e)).toBe(true);
    }
    const lookAlike = Object.assign(new Error('m'), {
      name: 'HookError',
      stage: 'hook',
      code: 'timeout',
    });
    for (const family of families) expect(family.isInstance(lookAlike)).toBe(false);
    expect(ArgsealError.isInstance(lookAlike)).toBe(false);
  });
});

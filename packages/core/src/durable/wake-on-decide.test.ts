import { describe, expect, it } from 'vitest';
import { args, setup } from '../authorizer/__fixtures__/refund.js';
import { UnknownOptionError } from '../options/known-options.js';
import { DurableWaitError } from './errors.js';
import { type DecisionNotice, wakeOnDecide } from './wake-on-decide.js';

/** A pending proposal in a fresh store, and a record of every notification. */
async function pending() {
  const base = setup();
  const prepared = await base.authorizer.prepare(base.tool, args(50_000), { toolCallId: 'c1' });
  if (!prepared.ok) throw new Error('prepare failed');
  const check = await prepared.attempt.check();
  if (check.type !== 'suspended') throw new Error('expected a suspended call');
  const notified: [string, DecisionNotice][] = [];
  return { ...base, proposal: check.proposal, notified };
}

describe('wakeOnDecide', () => {
  it('records the decision, then notifies every waiter of that proposal once', async () => {
    const { approvals, proposal, notified } = await pending();
    const asked: string[] = [];
    const wrapped = wakeOnDecide(approvals, {
      waitsFor: async (hash) => {
        asked.push(hash);
        return ['wf-1', 'wf-2'];
      },
      notify: async (waiter, notice, grant) => {
        // the decision is in the store before anyone is woken
        expect((await approvals.getProposal(proposal.id))?.status).toBe('approved');
        expect(grant.proposalHash).toBe(proposal.proposalHash);
        notified.push([waiter, notice]);
      },
    });
    const grant = await wrapped.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    expect(grant.decision).toBe('approve');
    expect(asked).toEqual([proposal.proposalHash]);
    const notice = { proposalHash: proposal.proposalHash, decision: 'approve' };
    expect(notified).toEqual([
      ['wf-1', notice],
      ['wf-2', notice],
    ]);
    // every other method is the store's own
    expect(await wrapped.listPending()).toEqual([]);
    expect(await wrapped.getProposal(proposal.id)).toMatchObject({ status: 'approved' });
  });

  it('a failing notify does not fail the decision; the others are still notified', async () => {
    const { approvals, proposal, notified } = await pending();
    const errors: [string, string][] = [];
    const wrapped = wakeOnDecide(approvals, {
      waitsFor: async () => ['down', 'up'],
      notify: async (waiter, notice) => {
        if (waiter === 'down') throw new Error('engine unreachable');
        notified.push([waiter, notice]);
      },
      onWakeError: (error, waiter) => errors.push([String(error), waiter]),
    });
    const grant = await wrapped.decide(proposal.proposalHash, {
      decision: 'reject',
      approver: 'ann',
    });
    expect(grant.decision).toBe('reject');
    expect(errors).toEqual([['Error: engine unreachable', 'down']]);
    expect(notified.map(([w]) => w)).toEqual(['up']);
    expect((await approvals.getProposal(proposal.id))?.status).toBe('rejected');
  });

  it('a failing waitsFor does not fail the decision either', async () => {
    const { approvals, proposal, notified } = await pending();
    const errors: [string, string][] = [];
    const wrapped = wakeOnDecide(approvals, {
      waitsFor: async () => {
        throw new Error('ledger down');
      },
      notify: async (waiter, notice) => {
        notified.push([waiter, notice]);
      },
      onWakeError: (error, waiter) => errors.push([String(error), waiter]),
    });
    await wrapped.decide(proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    expect(errors).toEqual([['Error: ledger down', proposal.proposalHash]]);
    expect(notified).toEqual([]);
    expect((await approvals.getProposal(proposal.id))?.status).toBe('approved');
  });

  it('a decision for a proposal nobody waits for notifies nobody', async () => {
    const { approvals, proposal, notified } = await pending();
    const waits = new Map([['f'.repeat(64), ['someone-else']]]);
    const wrapped = wakeOnDecide(approvals, {
      waitsFor: async (hash) => waits.get(hash) ?? [],
      notify: async (waiter, notice) => {
        notified.push([waiter, notice]);
      },
    });
    await wrapped.decide(proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    expect(notified).toEqual([]);
  });

  it('a decision the store refuses throws its error and notifies nobody', async () => {
    const { approvals, notified } = await pending();
    const wrapped = wakeOnDecide(approvals, {
      waitsFor: async () => ['wf-1'],
      notify: async (waiter, notice) => {
        notified.push([waiter, notice]);
      },
    });
    await expect(
      wrapped.decide('0'.repeat(64), { decision: 'approve', approver: 'ann' }),
    ).rejects.toMatchObject({ code: expect.any(String) });
    expect(notified).toEqual([]);
  });

  it('refuses bad input with exact codes, before anything is decided', async () => {
    const { approvals, proposal, notified } = await pending();
    const waitsFor = async () => ['wf-1'];
    const notify = async (waiter: string, notice: DecisionNotice) => {
      notified.push([waiter, notice]);
    };
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return 'no error';
    };
    expect(codeOf(() => wakeOnDecide(null as never, { waitsFor, notify }))).toBe(
      'invalid_wait_options',
    );
    expect(codeOf(() => wakeOnDecide({} as never, { waitsFor, notify }))).toBe(
      'invalid_wait_options',
    );
    expect(codeOf(() => wakeOnDecide(approvals, undefined as never))).toBe('invalid_wait_options');
    expect(codeOf(() => wakeOnDecide(approvals, { waitsFor } as never))).toBe(
      'invalid_wait_options',
    );
    expect(codeOf(() => wakeOnDecide(approvals, { waitsFor, notify: 'x' } as never))).toBe(
      'invalid_wait_options',
    );
    expect(
      codeOf(() => wakeOnDecide(approvals, { waitsFor, notify, onWakeError: 1 } as never)),
    ).toBe('invalid_wait_options');
    let unknown: unknown;
    try {
      wakeOnDecide(approvals, { waitsFor, notify, notfy: notify } as never);
    } catch (error) {
      unknown = error;
    }
    expect(unknown).toBeInstanceOf(UnknownOptionError);
    expect(unknown).toMatchObject({
      code: 'unknown_option',
      where: 'wakeOnDecide',
      option: 'notfy',
      suggestion: 'notify',
    });
    expect(DurableWaitError.isInstance(unknown)).toBe(false);
    // nothing was decided and nobody was notified
    expect(notified).toEqual([]);
    expect((await approvals.listPending()).map((p) => p.id)).toEqual([proposal.id]);
  });
});

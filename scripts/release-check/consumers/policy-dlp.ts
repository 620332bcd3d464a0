// Type-checks @argseal/policy-dlp composed into a core authorizer.
import { createAuthorizer, createMemoryApprovalStore, type ToolPolicy } from '@argseal/core';
import {
  createDlp,
  type Detector,
  DlpError,
  type DlpFindingEvent,
  type Finding,
  phoneDetector,
} from '@argseal/policy-dlp';

interface Ctx {
  tenant: string;
}

const mine: Detector = { id: 'ticket_ref', kind: 'personal', scan: () => [] };
const dlp = createDlp<Ctx>({
  detectors: { card_number: 'redact', phone: { action: 'require_approval', defaultCountry: 'DE' } },
  patterns: [{ id: 'acme_token', pattern: /\bacme_[A-Za-z0-9]{32}\b/ }],
  custom: [{ detector: mine, action: 'deny' }],
  exempt: [{ detectors: ['card_number'], paths: ['/test/*'], tools: ['qa'] }],
  onFinding: (e: DlpFindingEvent) => void e.findings.length,
});
const policy: ToolPolicy<Ctx> = dlp.policy;

export const authorizer = createAuthorizer<Ctx>({
  agent: 'support',
  approvals: createMemoryApprovalStore(),
  policy,
  rewrite: [dlp.rewrite],
});
export const phones: Detector = phoneDetector({ defaultCountry: 'FR' });
export const scanned: Promise<Finding[]> = dlp.scan({ body: 'x' }, { tool: 'send_reply' });

export function configCode(error: unknown): string | undefined {
  return DlpError.isInstance(error) ? error.code : undefined;
}

import { describeAdapterContract } from '@argseal/test-kit';
import { aiSdkHarness } from './__fixtures__/ai-sdk-harness.js';

describeAdapterContract('ai-sdk generateText', aiSdkHarness('generate'));
describeAdapterContract('ai-sdk streamText', aiSdkHarness('stream'));

import { describeAdapterContract } from '@argseal/test-kit';
import { langchainHarness } from './__fixtures__/langchain-harness.js';

describeAdapterContract('langchain createAgent (invoke)', langchainHarness('invoke'));
describeAdapterContract('langchain createAgent (stream)', langchainHarness('stream'));

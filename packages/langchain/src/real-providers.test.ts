import { describeRealProviderSuite } from '@argseal/test-kit/providers';
import { langchainDriver } from './__fixtures__/real-provider-driver.js';

describeRealProviderSuite(langchainDriver);

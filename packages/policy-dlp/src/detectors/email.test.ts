import { EMAIL_NEAR_MISSES, EMAIL_POSITIVES } from '../__fixtures__/corpus.js';
import { checkCorpus } from '../__fixtures__/corpus-check.js';
import { emailDetector } from './email.js';

checkCorpus('email', emailDetector(), EMAIL_POSITIVES, EMAIL_NEAR_MISSES);

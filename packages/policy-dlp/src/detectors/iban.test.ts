import { IBAN_NEAR_MISSES, IBAN_POSITIVES } from '../__fixtures__/corpus.js';
import { checkCorpus } from '../__fixtures__/corpus-check.js';
import { ibanDetector } from './iban.js';

checkCorpus('iban', ibanDetector(), IBAN_POSITIVES, IBAN_NEAR_MISSES);

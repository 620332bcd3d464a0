import { CARD_NEAR_MISSES, CARD_POSITIVES } from '../__fixtures__/corpus.js';
import { checkCorpus } from '../__fixtures__/corpus-check.js';
import { cardNumberDetector } from './card-number.js';

checkCorpus('card-number', cardNumberDetector(), CARD_POSITIVES, CARD_NEAR_MISSES);

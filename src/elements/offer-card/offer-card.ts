/**
 * `tote-checkout/elements/offer-card`: registers `<tote-offer-card>`. The class
 * alone, which registers nothing, is `offer-card.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteOfferCard } from './offer-card.component.js';

export * from './offer-card.component.js';

defineElement('tote-offer-card', ToteOfferCard);

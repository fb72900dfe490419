/**
 * `tote-checkout/elements/offer-grid`: registers `<tote-offer-grid>` (and the cards it renders). The class
 * alone, which registers nothing, is `offer-grid.component.ts` (what `tote-checkout` exports).
 */
import '../offer-card/offer-card.js'; // the grid renders cards
import { defineElement } from '../internal/define.js';
import { ToteOfferGrid } from './offer-grid.component.js';

export * from './offer-grid.component.js';

defineElement('tote-offer-grid', ToteOfferGrid);

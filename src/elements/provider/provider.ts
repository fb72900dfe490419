/**
 * `tote-checkout/elements/provider`: registers `<tote-provider>`. The class
 * alone, which registers nothing, is `provider.component.ts` (what `tote-checkout` exports).
 */
import { defineElement } from '../internal/define.js';
import { ToteProvider } from './provider.component.js';

export * from './provider.component.js';

defineElement('tote-provider', ToteProvider);

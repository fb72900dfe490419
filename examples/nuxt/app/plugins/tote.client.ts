// Registers every tote-* element, in the browser only: the server sends the tags as they are, and they come
// to life when this runs.
import 'tote-checkout/define';

export default defineNuxtPlugin(() => {});

import { createApp } from 'vue';
// Registers every tote-* element (and the German strings).
import 'tote-checkout/define';
import App from './App.vue';

createApp(App).mount('#app');

import { createApp, h } from 'vue';
import ConnectIntegration from './ConnectIntegration.vue';

// The embed guide's Vue snippet (ConnectIntegration.vue) on a page of its own.
createApp({ render: () => h('main', [h('h1', 'Connect your apps'), h(ConnectIntegration)]) }).mount('#app');

import { createRoot } from 'react-dom/client';
import { ConnectIntegration } from './ConnectIntegration.jsx';

// The embed guide's React snippet (ConnectIntegration.jsx) on a page of its own.
createRoot(document.getElementById('root')).render(
  <main style={{ maxWidth: 600, margin: '24px auto', fontFamily: 'system-ui, sans-serif' }}>
    <h1>Connect your apps</h1>
    <ConnectIntegration />
  </main>,
);

// Load the component once per page, e.g. in index.html:
//   <script type="module" src="http://localhost:3000/knit-auth.js"></script>
import { useEffect, useRef } from 'react';

// Asks your backend for a new auth session token (it runs one of the backend snippets).
async function fetchAuthSessionToken() {
  const response = await fetch("/api/knit/auth-session", { method: 'POST' });
  return (await response.json()).token;
}

export function ConnectIntegration() {
  const knitRef = useRef(null);

  useEffect(() => {
    const knit = knitRef.current;
    const listeners = {
      // The component needs a new token (opened again, or its token expired or was used): fetch one and set it.
      onNewSession: async () => knit.setAttribute("authsessiontoken", await fetchAuthSessionToken()),
      // event.detail.integrationDetails: integrationId, appId, categoryId, originOrgId, success, errors, isDeactivated.
      onFinish: (event) => console.log('Integration finished', event.detail.integrationDetails),
      onDeactivate: (event) => console.log('Integration deactivated', event.detail.integrationDetails),
      onKnitClose: () => console.log('Auth component closed'),
    };
    for (const [name, listener] of Object.entries(listeners)) knit.addEventListener(name, listener);
    fetchAuthSessionToken().then((token) => knit.setAttribute("authsessiontoken", token));
    return () => {
      for (const [name, listener] of Object.entries(listeners)) knit.removeEventListener(name, listener);
    };
  }, []);

  // skipIntro skips the intro screen; leave it out to show it.
  return <knit-auth ref={knitRef} skipIntro="" />;
}

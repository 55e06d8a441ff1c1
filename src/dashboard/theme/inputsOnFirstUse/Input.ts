import { inputOnFirstUse } from './inputOnFirstUse.ts';

/** MUI's standard Input, fetched when a standard field first renders (inputOnFirstUse.ts says why). */
export default inputOnFirstUse(() => import('@mui/material/Input'));

import { inputOnFirstUse } from './inputOnFirstUse.ts';

/** MUI's FilledInput, fetched when a filled field first renders (inputOnFirstUse.ts says why). */
export default inputOnFirstUse(() => import('@mui/material/FilledInput'));

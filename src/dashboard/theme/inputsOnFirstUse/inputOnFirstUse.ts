import { lazy, type ComponentType } from 'react';

// MUI's TextField and Select import their three input variants (outlined, filled, standard) to
// pick one per field. The dashboard's theme makes every field outlined (theme.ts) and no field
// asks for another variant, so the build hands TextField and Select these stand-ins for the filled
// and standard inputs (vite.config.ts): the real component, fetched the first time one renders
// (that field then waits for it like any lazy component). ~2 kB less on every screen with a field.

export function inputOnFirstUse(load: () => Promise<{ default: ComponentType<object> }>): ComponentType<object> {
  // FormControl and Select tell inputs from other children by muiName, as on the real ones.
  return Object.assign(lazy(load), { muiName: 'Input' }) as unknown as ComponentType<object>;
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { magicLinkForm } from '../../../../generated/forms/magicLink.ts';
import { ClosableDialogTitle } from '../../../components/ClosableDialogTitle.tsx';
import { ContractForm } from '../../../forms/index.ts';
import { apiClients, ApiError, errorMessage, unwrap, useToast } from '../../../providers/index.ts';
import type { MagicLinkResult } from '../accountCalls.ts';
import { keepAsked, magicLinkDefaults, magicLinkFormFor, magicLinkUiSchema, type MagicLinkContext, type MagicLinkValues } from './magicLinkForm.ts';
import { useMagicLinkContext } from './useMagicLinkContext.ts';

// Part 2 §8: the empty state when the organisation has no enabled category.
export const NO_CATEGORIES_MESSAGE = 'Please enable categories from Getting Started';

export interface MagicLinkDialogProps {
  open: boolean;
  onClose: () => void;
  /** The link was created: the caller shows the result dialog and reloads its table. */
  onCreated: (result: MagicLinkResult) => void;
}

/** POST app.createMagicLinkV3 with the form's (trimmed) values. */
export async function createMagicLink(values: MagicLinkValues): Promise<MagicLinkResult> {
  const body = await unwrap(apiClients.engine.POST('/app.createMagicLinkV3', { body: values }));
  return body.msg;
}

export interface MagicLinkFormProps {
  context: MagicLinkContext;
  onCancel: () => void;
  onCreated: (result: MagicLinkResult) => void;
  /** The call that creates the link; app.createMagicLinkV3 unless a test passes its own. */
  create?: (values: MagicLinkValues) => Promise<MagicLinkResult>;
}

/** The rjsf form of the generated magicLink definition, extended for the organisation. */
export function MagicLinkForm({ context, onCancel, onCreated, create = createMagicLink }: MagicLinkFormProps) {
  const toast = useToast();
  const [values, setValues] = useState<Partial<MagicLinkValues>>(() => magicLinkDefaults(context));
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const form = useMemo(() => magicLinkFormFor(context, values), [context, values]);
  const uiSchema = useMemo(() => magicLinkUiSchema(context), [context]);

  const submit = async (submitted: MagicLinkValues) => {
    setBusy(true);
    setServerErrors(undefined);
    try {
      onCreated(await create({ ...keepAsked(form, submitted), connectorType: submitted.connectorType ?? 'unified-api-sync' } as MagicLinkValues));
    } catch (error) {
      // A field error shows under its field; anything else is a toast (part 2 §8).
      if (error instanceof ApiError && error.field && error.field in (form.schema.properties as object)) setServerErrors({ [error.field]: errorMessage(error) });
      else toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ContractForm<MagicLinkValues>
      form={form}
      contract={magicLinkForm}
      formData={values}
      uiSchema={uiSchema}
      onChange={(next) => setValues(keepAsked(magicLinkFormFor(context, next), next))}
      onSubmit={submit}
      busy={busy}
      serverErrors={serverErrors}
      submitLabel="Create Magic Link"
      idPrefix="magic-link"
    >
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </ContractForm>
  );
}

/** Create Magic Link: the form, or the spec's empty state when no category is enabled. */
export function MagicLinkDialog({ open, onClose, onCreated }: MagicLinkDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { context, error } = useMagicLinkContext(open);
  const empty = context && context.categories.length === 0 && context.connectors.length === 0;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} aria-labelledby="magic-link-title">
      <ClosableDialogTitle id="magic-link-title" onClose={onClose}>
        Create Magic Link
      </ClosableDialogTitle>
      <DialogContent dividers>
        {!context && !error && (
          <Box aria-label="Loading form">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1.5 }} />
            ))}
          </Box>
        )}
        {error !== null && error !== undefined && !context && (
          <Typography variant="body2" sx={{ color: 'error.main', py: 2 }}>
            {errorMessage(error)}
          </Typography>
        )}
        {empty && (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography variant="body1" sx={{ mb: 2 }}>
              {NO_CATEGORIES_MESSAGE}
            </Typography>
            <Button variant="contained" component={RouterLink} to="/dashboard/getting-started" onClick={onClose}>
              Go to Getting Started
            </Button>
          </Box>
        )}
        {context && !empty && <MagicLinkForm context={context} onCancel={onClose} onCreated={onCreated} />}
      </DialogContent>
    </Dialog>
  );
}

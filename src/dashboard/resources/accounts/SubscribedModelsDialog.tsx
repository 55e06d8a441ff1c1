import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AccountsRow } from '../../../generated/resources/accounts.ts';
import { apiClients, useToast } from '../../providers/index.ts';
import { initialModelSelection, loadAccountModels, modelKey, subscribedModelsBody, type SubCategoryModels } from './subscribedModels.ts';

// Part 2 §8: a failed models call shows this message, then an empty state.
const MODELS_ERROR_MESSAGE = 'Something went wrong while fetching models, please try again';

interface SubscribedModelsDialogProps {
  row: AccountsRow;
  open: boolean;
  busy: boolean;
  onSave: (syncModels: SubCategoryModels[]) => void;
  onClose: () => void;
}

/** Subscribed data models of one account, per subcategory; default models stay checked and disabled. */
export function SubscribedModelsDialog({ row, open, busy, onSave, onClose }: SubscribedModelsDialogProps) {
  const toast = useToast();
  const models = useQuery({
    queryKey: ['appGetModelsOfCategory', row.categoryValue, row.appIdValue, row.originOrgId],
    queryFn: ({ signal }) => loadAccountModels(apiClients, row, signal),
    enabled: open,
    retry: false,
    // Always the account's current subscription when the dialog opens.
    gcTime: 0,
  });
  const [checked, setChecked] = useState<Set<string> | undefined>();
  useEffect(() => {
    if (models.data) setChecked(initialModelSelection(models.data));
  }, [models.data]);
  useEffect(() => {
    if (models.isError) toast.error(models.error, MODELS_ERROR_MESSAGE);
    // The toast is shown once per failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [models.isError]);

  const toggle = (key: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const subCategories = models.data ?? [];
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="models-title">
      <DialogTitle id="models-title">
        Subscribed data models
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {row.organization} · {row.appLabel}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {models.isPending && (
          <Box aria-label="Loading models">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} variant="text" width={`${80 - i * 9}%`} />
            ))}
          </Box>
        )}
        {(models.isError || (models.isSuccess && subCategories.length === 0)) && (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
            No data models to show for this account.
          </Typography>
        )}
        {subCategories.map((sub) => (
          <Box key={sub.value} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
            <Typography component="legend" variant="subtitle2" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
              {sub.label}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {sub.modelDetails.map((model) => {
                const key = modelKey(sub.value, model.modelId);
                const control = (
                  <FormControlLabel
                    control={<Checkbox size="small" checked={model.defaultModel || checked?.has(key) === true} disabled={model.defaultModel || busy} onChange={() => toggle(key)} />}
                    label={
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                        {model.modelName}
                        {model.defaultModel && <Chip label="Default" size="small" variant="outlined" sx={{ height: 20 }} />}
                      </Box>
                    }
                  />
                );
                return (
                  <Tooltip key={key} title={model.modelDescription} placement="top-start">
                    {control}
                  </Tooltip>
                );
              })}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || !models.isSuccess || subCategories.length === 0 || !checked} onClick={() => checked && onSave(subscribedModelsBody(subCategories, checked))}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

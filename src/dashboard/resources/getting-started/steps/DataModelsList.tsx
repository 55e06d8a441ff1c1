import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { modelKey, type SyncSubCategory } from '../../../machines/syncSetup/index.ts';

interface DataModelsListProps {
  subCategories: SyncSubCategory[];
  selection: readonly string[];
  /** Checkboxes change only before syncs are enabled and in Edit > Data Models. */
  editable: boolean;
  onToggle: (subCategory: string, modelId: string) => void;
}

/** Data models per subcategory; default models are always checked (their box cannot be cleared). */
export function DataModelsList({ subCategories, selection, editable, onToggle }: DataModelsListProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {subCategories.map((sub) => (
        <Box key={sub.value} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, px: 2, pt: 0.5, pb: 1.5, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, px: 0.5 }}>
            {sub.label}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
            {sub.modelDetails.map((model) => {
              const checked = model.defaultModel || selection.includes(modelKey(sub.value, model.modelId));
              return (
                <FormControlLabel
                  key={model.modelId}
                  sx={{ alignItems: 'flex-start', m: 0, py: 0.5 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={checked}
                      disabled={!editable || model.defaultModel}
                      onChange={() => onToggle(sub.value, model.modelId)}
                      sx={{ mt: -0.5 }}
                      slotProps={{ input: { 'aria-describedby': `model-${sub.value}-${model.modelId}` } }}
                    />
                  }
                  label={
                    <Box>
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 500 }}>
                        {model.modelName}
                        {model.defaultModel && <Chip size="small" label="Default" sx={{ height: 20 }} />}
                      </Box>
                      <Typography id={`model-${sub.value}-${model.modelId}`} variant="caption" component="span" sx={{ display: 'block' }}>
                        {model.modelDescription}
                      </Typography>
                    </Box>
                  }
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

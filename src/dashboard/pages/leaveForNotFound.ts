import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { NOT_FOUND_PATH } from '../app/paths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../providers/errors.ts';

/**
 * Spec part 1 §8, 'Bad OAuth or magic state': an error toast and /404. The toast travels in the
 * navigation's state, because it must outlive the page that raised it (NotFoundPage shows it).
 */
export function useLeaveForNotFound(): (toast?: string) => void {
  const navigate = useNavigate();
  return useCallback((toast = DEFAULT_ERROR_MESSAGE) => {
    void navigate(NOT_FOUND_PATH, { replace: true, state: { toast } });
  }, [navigate]);
}

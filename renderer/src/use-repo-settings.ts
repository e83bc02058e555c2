/** Gitea's general repository settings of the host (`GET /settings/repository`), cached for every page that reads them. */
import type { GeneralRepoSettings } from '../../server/structs/misc.ts';
import { useAuth } from './auth.tsx';
import { useLoad, type Loaded } from './use-load.ts';

/** The host's repository settings (stars, migrations or mirrors disabled, ...). */
export function useRepoSettings(): Loaded<GeneralRepoSettings> {
  const { api } = useAuth();
  return useLoad(() => api.get<GeneralRepoSettings>('/api/v1/settings/repository'), '/api/v1/settings/repository');
}

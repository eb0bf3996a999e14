/** The local styles this engine renders: the ids and texts are the shop's own, from src/domain. */
import { LOCAL_STYLE_IDS, LOCAL_STYLES, type LocalStyleId } from '../../../../../domain/styles.js';

export { isLocalStyleId, type LocalStyleId } from '../../../../../domain/styles.js';

export const localStyles: ReadonlyArray<{ id: LocalStyleId; name: string; description: string }> = LOCAL_STYLE_IDS.map(
  (id) => ({
    id,
    name: LOCAL_STYLES[id].name,
    description: LOCAL_STYLES[id].description,
  }),
);

/** Home's two feeds: everyone's posts (the spec's home) or those of the people one follows. */
export type HomeTab = 'everyone' | 'following';

const TAB_KEY = 'sync-home-tab';

/** The tab last chosen, on this device; Everyone until then. */
export function storedHomeTab(): HomeTab {
  try {
    return localStorage.getItem(TAB_KEY) === 'following' ? 'following' : 'everyone';
  } catch {
    return 'everyone';
  }
}

/** Home opens on this tab from now on: the person's choice, or the welcome's after they followed people. */
export function chooseHomeTab(tab: HomeTab) {
  try {
    localStorage.setItem(TAB_KEY, tab);
  } catch {
    // Storage refused (private mode): the choice lasts for this visit.
  }
}

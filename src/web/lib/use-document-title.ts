import { useEffect } from 'react';
import { usePublicConfig } from './public-config.ts';

/**
 * Sets the tab title of a screen (issue 22): `"<title> | <brand>"`, or the brand alone without a
 * title. Each screen calls it with what it shows (a category, a search, a part), so tabs, history and
 * bookmarks tell screens apart.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { brandName } = usePublicConfig();
  useEffect(() => {
    document.title = title ? `${title} | ${brandName}` : brandName;
  }, [title, brandName]);
}

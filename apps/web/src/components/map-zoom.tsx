import { useTranslation } from 'react-i18next';
import { ZoomControl } from 'react-leaflet';

/** The map's + and − buttons with their names in the reader's language (Leaflet's own are English). */
export function MapZoom() {
  const { t } = useTranslation('common');
  return <ZoomControl position="topleft" zoomInTitle={t('zoomIn')} zoomOutTitle={t('zoomOut')} />;
}

// /scada_view?id=…: a published scada page full window, every element live (the same view as the
// kit's <atrium-scada-page>); a link element moves to its page here, keeping the browser history.
import { useSearchParams } from 'react-router-dom';
import { ScadaPage } from '../../../widgets/scada-page/index.ts';
import '../../../widgets/video-player/video-player.element.ts';
import * as css from './scada-view.css.ts';

export default function ScadaViewPage() {
  const [params, setParams] = useSearchParams();
  return (
    <div className={css.page} data-page="scada-view">
      <ScadaPage pageId={params.get('id') ?? ''} onLink={(id) => setParams({ id: String(id) })} />
    </div>
  );
}

// Paging under a resource table: the SPEC §9 total text, page buttons (Ark UI Pagination) when the
// total is known, previous/next alone when it is a marker, and the page size.
import { Pagination } from '@ark-ui/react/pagination';
import { useTranslation } from 'react-i18next';
import { hasNextPage, totalText } from './total.ts';
import * as css from './resource.css.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface PagerProps {
  page: number;
  limit: number;
  total: number;
  rowsOnPage: number;
  selected: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export function Pager({ page, limit, total, rowsOnPage, selected, onPage, onLimit }: PagerProps) {
  const { t } = useTranslation();
  const text = totalText(total);
  return (
    <div className={css.pager}>
      <span className={css.muted} data-testid="resource-total">
        {selected > 0 ? `${t('resource.selected', { count: selected })} · ` : ''}
        {text.key === 'resource.total' ? t(text.key, { count: text.count }) : t(text.key)}
      </span>
      <label className={css.muted}>
        {t('resource.pageSize')}{' '}
        <select value={limit} onChange={(e) => onLimit(Number(e.currentTarget.value))} className={css.pageButton}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {total >= 0 ? (
        <Pagination.Root
          count={total}
          pageSize={limit}
          page={page}
          siblingCount={1}
          onPageChange={(d) => onPage(d.page)}
          className={css.pager}
          aria-label={t('resource.pagination')}
          translations={{
            prevTriggerLabel: t('resource.previous'),
            nextTriggerLabel: t('resource.next'),
            itemLabel: (d) => t('resource.page', { page: d.page }),
          }}
        >
          <Pagination.PrevTrigger className={css.pageButton}>‹</Pagination.PrevTrigger>
          <Pagination.Context>
            {(pagination) =>
              pagination.pages.map((item, index) =>
                item.type === 'page' ? (
                  <Pagination.Item key={index} {...item} className={css.pageButton}>
                    {item.value}
                  </Pagination.Item>
                ) : (
                  <Pagination.Ellipsis key={index} index={index} className={css.muted}>
                    …
                  </Pagination.Ellipsis>
                ),
              )
            }
          </Pagination.Context>
          <Pagination.NextTrigger className={css.pageButton}>›</Pagination.NextTrigger>
        </Pagination.Root>
      ) : (
        <nav className={css.pager} aria-label={t('resource.pagination')}>
          <button type="button" className={css.pageButton} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('resource.previous')}>
            ‹
          </button>
          <span className={css.muted}>{t('resource.page', { page })}</span>
          <button
            type="button"
            className={css.pageButton}
            disabled={!hasNextPage(total, page, limit, rowsOnPage)}
            onClick={() => onPage(page + 1)}
            aria-label={t('resource.next')}
          >
            ›
          </button>
        </nav>
      )}
    </div>
  );
}

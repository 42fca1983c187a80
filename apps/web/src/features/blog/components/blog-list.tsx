import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlogCategory, BlogTag } from '@tibeb/domain/blog/contracts';
import { blogMessages as m } from '@tibeb/domain/blog/messages';
import { totalPagesOf } from '@tibeb/domain/blog/rules';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { usePosts } from '../api/get-posts.ts';
import { useCategories, useTags } from '../api/get-taxonomies.ts';
import { useBlogParams } from '../hooks/use-blog-params.ts';
import { Pagination } from './pagination.tsx';
import { PostCard, PostCardSkeletons } from './post-card.tsx';
import { Form } from '../../../components/ui/form.tsx';

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('public');
  const [text, setText] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text);
  };
  return (
    <Form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor="blog-search" className="sr-only">
        {t('Search articles')}
      </label>
      <input
        id="blog-search"
        type="search"
        value={text}
        maxLength={200}
        placeholder={t(m.searchPlaceholder)}
        onChange={(e) => setText(e.target.value)}
        className={inputStyles}
      />
      <button type="submit" className={buttonStyles.primary}>
        {t(m.search)}
      </button>
    </Form>
  );
}

function ChipGroup<T extends BlogCategory | BlogTag>({
  title,
  items,
  active,
  onToggle,
  prefix = '',
}: {
  title: string;
  items: T[];
  active: string;
  onToggle: (slug: string) => void;
  prefix?: string;
}) {
  const { t } = useTranslation('public');
  if (!items.length) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{t(title)}</h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => {
          const on = item.slug === active;
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(item.slug)}
                className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  on
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : 'bg-white text-stone-700 ring-stone-300 hover:bg-brand-50 hover:text-brand-800'
                }`}
              >
                {prefix}
                {item.name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The blog list (spec §2 "Blog"): search, category and tag chips, cards, pagination; all kept in the address. */
export function BlogList() {
  const { t } = useTranslation('public');
  const { params, search, toggleCategory, toggleTag, setPage, reset } = useBlogParams();
  const posts = usePosts(params);
  // Category or tag load failures are ignored (spec §8): the chips are simply absent.
  const categories = useCategories().data ?? [];
  const tags = useTags().data ?? [];
  // A list failure shows as an empty list (spec §8).
  const results = posts.data?.results ?? [];
  const totalPages = totalPagesOf(posts.data?.count ?? 0);

  const goToPage = (p: number) => {
    setPage(p);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="max-w-2xl">
        {/* key: a new address (a tag link, Reset) refills the box with its q */}
        <SearchForm key={params.q} initial={params.q} onSearch={search} />
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <div>
            {posts.isPending ? (
              <PostCardSkeletons />
            ) : results.length === 0 ? (
              <p className="rounded-2xl bg-white p-10 text-center text-lg text-stone-600 ring-1 ring-stone-200">
                {t(m.noPosts)}
              </p>
            ) : (
              <div className="grid gap-6 sm:grid-cols-2">
                {results.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </div>
            )}
          </div>
          {!posts.isPending && results.length > 0 && (
            <Pagination page={params.page} totalPages={totalPages} onPage={goToPage} />
          )}
        </div>
        <aside aria-label={t('Filters')} className="order-first space-y-6 lg:order-none">
          <div className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
            <div className="flex items-center justify-between">
              <h2 className="text-lg font-bold">{t('Browse')}</h2>
              <button
                type="button"
                onClick={reset}
                className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                {t(m.reset)}
              </button>
            </div>
            <ChipGroup
              title={m.categories}
              items={categories}
              active={params.category}
              onToggle={toggleCategory}
            />
            <ChipGroup title={m.tags} items={tags} active={params.tag} onToggle={toggleTag} prefix="#" />
          </div>
        </aside>
      </div>
    </div>
  );
}

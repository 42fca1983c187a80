import { useParams } from 'react-router';
import { BlogPostView } from '../../../features/blog/components/blog-post-view.tsx';

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  // key: moving from one post to another starts afresh (no stale comments form or meta tags).
  return <BlogPostView key={slug} slugOrId={slug} />;
}

import { useSearchParams } from 'react-router-dom';
import { StoryEditor } from './StoryEditor';
import { TaskBoard } from './TaskBoard';

/**
 * Editorial Workflow (/dashboard/editor): the task list, or, with ?doc={id}, that story's editor
 * (tabs Content, Community, Workflow), or with ?new=true a new story.
 */
export default function EditorialWorkflow() {
  const [params] = useSearchParams();
  const doc = params.get('doc');
  if (params.get('new') === 'true') return <StoryEditor key="new" id={null} />;
  if (doc) return <StoryEditor key={doc} id={doc} initialTab={params.get('tab')} />;
  return <TaskBoard />;
}

import { exerciseInputSchema } from '@arena/contracts/training-workout';
import { ExternalLink, ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { actionsColumn } from '../../components/columns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { CheckboxField, MultiSelectField, SelectField, TextareaField, TextField } from '../../components/form';
import { FormDialog } from '../../components/FormDialog';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { PictureInput } from '../../components/PictureInput';
import { errorMessage } from '../../lib/errors';
import { capitalise } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { fetchExercises, TRAINING_MODULE, trainingKeys, useExerciseMutations, type Exercise } from './api';
import { CATEGORY_OPTIONS, EQUIPMENT_OPTIONS, MUSCLE_OPTIONS } from './labels';

const SOURCE_OPTIONS = [
  { value: 'global', label: 'Library' },
  { value: 'own', label: 'Our own' },
];

/**
 * Training/Workout Plan › Exercises: the provider's library (read-only, 188 exercises) and the
 * organisation's own, with muscles, equipment, a description, a picture and a video link.
 */
export function ExercisesPage({ node }: { node: ResolvedNode }) {
  const [source, setSource] = useState('');
  const [category, setCategory] = useState('');
  const [muscle, setMuscle] = useState('');
  const [equipment, setEquipment] = useState('');
  const [editing, setEditing] = useState<Exercise | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Exercise | null>(null);
  const canManage = useCan(TRAINING_MODULE, 'manage');
  const { remove } = useExerciseMutations();

  const columns: Column<Exercise>[] = [
    {
      id: 'name',
      header: 'Exercise',
      alwaysVisible: true,
      mobile: 'title',
      cell: (e) => (
        <div className="flex min-w-[180px] items-center gap-3">
          {e.picture && <img src={e.picture} alt="" className="h-9 w-9 shrink-0 rounded object-cover" />}
          <div className="min-w-0">
            <div className="font-medium">{e.name}</div>
            {e.video_url && (
              <a
                href={e.video_url}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-1 text-xs text-accent-text hover:underline"
                onClick={(ev) => ev.stopPropagation()}
              >
                Video <ExternalLink size={11} aria-hidden />
                <span className="sr-only"> of {e.name} (opens in a new tab)</span>
              </a>
            )}
          </div>
        </div>
      ),
    },
    { id: 'category', header: 'Category', mobile: 'subtitle', cell: (e) => capitalise(e.category) },
    { id: 'equipment', header: 'Equipment', mobile: 'meta', cell: (e) => capitalise(e.equipment) },
    {
      id: 'muscles',
      header: 'Muscles',
      mobile: 'meta',
      cell: (e) => (
        <span className="capitalize">
          {e.primary_muscles.join(', ')}
          {e.secondary_muscles.length > 0 && <span className="block text-xs text-muted">also {e.secondary_muscles.join(', ')}</span>}
        </span>
      ),
    },
    {
      id: 'source',
      header: 'Source',
      mobile: 'badge',
      cell: (e) =>
        e.is_global ? <Badge>Library</Badge> : e.is_active ? <Badge tone="info">Own</Badge> : <Badge tone="danger">Own · inactive</Badge>,
    },
    ...(canManage
      ? [
          actionsColumn<Exercise>((e) =>
            e.is_global ? null : (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit ${e.name}`}
                  onClick={() => {
                    setEditing(e);
                    setFormOpen(true);
                  }}
                >
                  Edit
                </Button>
                <Button size="sm" variant="ghost-danger" aria-label={`Delete ${e.name}`} onClick={() => setDeleting(e)}>
                  Delete
                </Button>
              </>
            ),
          ),
        ]
      : []),
  ];

  const add = canManage && (
    <Button
      onClick={() => {
        setEditing(null);
        setFormOpen(true);
      }}
    >
      <Plus size={16} aria-hidden /> Add Exercise
    </Button>
  );
  return (
    <div>
      <PageHeader
        title="Exercises"
        description="The exercise library every plan draws on, and your own exercises with their muscles, equipment, a picture and a video link."
        actions={add}
      />
      <MenuTabs node={node} />
      <DataTable
        title="Exercises"
        queryKey={trainingKeys.exercises}
        fetchPage={fetchExercises}
        columns={columns}
        rowKey={(e) => e.id}
        filters={{
          source: source || undefined,
          category: category || undefined,
          muscle: muscle || undefined,
          equipment: equipment || undefined,
        }}
        onClearFilters={() => {
          setSource('');
          setCategory('');
          setMuscle('');
          setEquipment('');
        }}
        filterControls={
          <>
            <FilterSelect label="Source" value={source} onChange={setSource} options={SOURCE_OPTIONS} />
            <FilterSelect label="Category" value={category} onChange={setCategory} options={CATEGORY_OPTIONS} />
            <FilterSelect label="Muscle" value={muscle} onChange={setMuscle} options={MUSCLE_OPTIONS} />
            <FilterSelect label="Equipment" value={equipment} onChange={setEquipment} options={EQUIPMENT_OPTIONS} />
          </>
        }
        searchPlaceholder="Search exercises"
        empty={{
          icon: ListChecks,
          title: 'No exercises match',
          description: 'Add your own exercise, with its muscles and a video link.',
          action: add || undefined,
        }}
      />
      {formOpen && <ExerciseForm exercise={editing} onOpenChange={setFormOpen} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'exercise'}?`}
        confirmLabel="Delete Exercise"
        tone="danger"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
          } catch (e) {
            notify.error(errorMessage(e));
            throw e;
          }
          notify.success(`Exercise "${deleting.name}" deleted.`);
        }}
      >
        An exercise used in a plan or a member&apos;s log cannot be deleted: make it inactive instead.
      </ConfirmDialog>
    </div>
  );
}

/** Add or edit one of the organisation's own exercises, and its picture. */
function ExerciseForm({ exercise, onOpenChange }: { exercise: Exercise | null; onOpenChange: (open: boolean) => void }) {
  const { create, update, uploadPicture } = useExerciseMutations();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      size="lg"
      title={exercise ? `Edit ${exercise.name}` : 'Add Exercise'}
      schema={exerciseInputSchema}
      defaultValues={
        exercise
          ? {
              name: exercise.name,
              category: exercise.category as never,
              equipment: exercise.equipment as never,
              primary_muscles: exercise.primary_muscles as never,
              secondary_muscles: exercise.secondary_muscles as never,
              description: exercise.description,
              video_url: exercise.video_url,
              is_active: exercise.is_active,
            }
          : {
              name: '',
              category: 'strength',
              equipment: 'none',
              primary_muscles: [],
              secondary_muscles: [],
              description: '',
              video_url: '',
              is_active: true,
            }
      }
      submitLabel={exercise ? 'Save Changes' : 'Add Exercise'}
      onSubmit={async (values) => {
        const saved = exercise ? await update.mutateAsync({ id: exercise.id, input: values }) : await create.mutateAsync(values);
        if (picture) {
          try {
            await uploadPicture.mutateAsync({ id: saved.id, picture });
          } catch (e) {
            notify.error(`Saved, but the picture was not: ${errorMessage(e)}`);
          }
        }
        notify.success(`Exercise "${saved.name}" ${exercise ? 'saved' : 'added'}.`);
      }}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="name" label="Name" required maxLength={100} className="sm:col-span-2" />
          <SelectField control={control} name="category" label="Category" required options={CATEGORY_OPTIONS} />
          <SelectField control={control} name="equipment" label="Equipment" options={EQUIPMENT_OPTIONS} />
          <MultiSelectField
            control={control}
            name="primary_muscles"
            label="Main muscles"
            required
            options={MUSCLE_OPTIONS}
            className="sm:col-span-2"
          />
          <MultiSelectField
            control={control}
            name="secondary_muscles"
            label="Other muscles"
            options={MUSCLE_OPTIONS}
            className="sm:col-span-2"
          />
          <TextareaField control={control} name="description" label="How to do it" rows={3} maxLength={1000} className="sm:col-span-2" />
          <TextField
            control={control}
            name="video_url"
            label="Video link"
            type="url"
            placeholder="https://…"
            maxLength={500}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <PictureInput
              label="Picture"
              name={exercise?.name}
              file={picture}
              currentUrl={exercise?.picture}
              onChange={setPicture}
              error={pictureError}
              onError={setPictureError}
            />
          </div>
          <CheckboxField
            control={control}
            name="is_active"
            label="Active"
            description="Offered when building plans."
            className="sm:col-span-2"
          />
        </div>
      )}
    </FormDialog>
  );
}

import { useState } from 'react';
import { SavedReportInputSchema, type ReportType, type SavedReport } from '@pc/contracts';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { createSavedReport, toSavedView, updateSavedReport } from '../api/saved-reports';
import type { BuilderState } from '../state/report-query';

/** Save the report's current view under a name, private or shared with the team. */
export function useSavedReportCreate(
  { publisherId, type, state }: { publisherId: string; type: ReportType; state: BuilderState },
  onSaved: () => void,
) {
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  // Every new saved view starts private: sharing is a choice made each time, never left over
  // from the last view saved or from a dialog cancelled.
  const startSave = () => {
    setShared(false);
    setNameError(null);
    setSaving(true);
  };

  const save = async () => {
    const input = { name, reportType: type, shared, view: toSavedView(state) };
    const parsed = SavedReportInputSchema.safeParse(input);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Check the name.');
      return;
    }
    try {
      await createSavedReport(publisherId, parsed.data);
      toast.success(shared ? `Saved "${name}" and shared it with your team.` : `Saved "${name}". Only you can see it.`);
      setSaving(false);
      setName('');
      onSaved();
    } catch (e) {
      setNameError(errorMessage(e));
    }
  };

  return { saving, setSaving, name, setName, shared, setShared, nameError, setNameError, startSave, save };
}

/** Rename or (un)share one of mine; its view stays as saved. */
export function useSavedReportEdit(publisherId: string, onSaved: () => void) {
  const [editing, setEditing] = useState<SavedReport | null>(null);
  const [editName, setEditName] = useState('');
  const [editShared, setEditShared] = useState(false);
  const [editError, setEditError] = useState<string | null>(null);

  const startEdit = (r: SavedReport) => {
    setEditing(r);
    setEditName(r.name);
    setEditShared(r.shared);
    setEditError(null);
  };

  const saveEdit = async () => {
    if (!editing) return;
    const parsed = SavedReportInputSchema.safeParse({
      name: editName,
      reportType: editing.reportType,
      shared: editShared,
      view: editing.view,
    });
    if (!parsed.success) {
      setEditError(parsed.error.issues[0]?.message ?? 'Check the name.');
      return;
    }
    try {
      await updateSavedReport(publisherId, editing.id, parsed.data);
      toast.success(
        editShared ? `Saved "${parsed.data.name}", shared with your team.` : `Saved "${parsed.data.name}". Only you can see it.`,
      );
      setEditing(null);
      onSaved();
    } catch (e) {
      setEditError(errorMessage(e));
    }
  };

  return { editing, setEditing, editName, setEditName, editShared, setEditShared, editError, setEditError, startEdit, saveEdit };
}

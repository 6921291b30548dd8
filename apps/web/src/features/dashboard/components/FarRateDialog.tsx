import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export { farRateQuestions } from '@arb/shared';

/**
 * "¿Seguro? La tasa de venta es 10,2 veces la paralela": asked before a create or an edit whose
 * rate is more than twice, or less than half, the parallel rate (docs/product.md#money; issue 36:
 * "318,5" once became 3.185 Bs without a word). "Revisar" goes back to the fields as typed.
 */
export function FarRateDialog({ questions, onCancel, onConfirm }: { questions: string[]; onCancel(): void; onConfirm(): void }) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="far-rate-title" aria-describedby="far-rate-text" maxWidth="xs">
      <DialogTitle id="far-rate-title">Tasa lejos de la paralela</DialogTitle>
      <DialogContent id="far-rate-text">
        {questions.map((q) => (
          <DialogContentText key={q}>{q}</DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Revisar
        </Button>
        <Button onClick={onConfirm} variant="contained">
          Guardar igualmente
        </Button>
      </DialogActions>
    </Dialog>
  );
}

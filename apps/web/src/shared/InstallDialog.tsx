import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export default function InstallDialog({
  onClose,
  onInstall,
  canInstall,
}: {
  onClose: () => void;
  onInstall: () => void;
  canInstall: boolean;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="install-title">
      <DialogTitle id="install-title">Instalar Arbitraje USD/VES</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Instala la aplicación en tu dispositivo para abrirla más rápido, a pantalla completa, como cualquier otra app.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Ahora no</Button>
        <Button variant="contained" onClick={onInstall} disabled={!canInstall}>
          Instalar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

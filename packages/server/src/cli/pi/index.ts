export { describePiDoctor, doctorPi, type PiDoctorOptions, type PiDoctorReport } from "./doctor.ts";
export { NODE_FILE_OPS } from "./setup/file-ops.ts";
export {
  checkoutPackageDir,
  describeSetupPi,
  setupPi,
  type SetupPiOptions,
  type SetupPiReport,
} from "./setup/setup-pi.ts";

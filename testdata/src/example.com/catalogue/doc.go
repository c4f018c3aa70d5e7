// Package catalogue is an end-to-end module for fencecheck's API catalogue.
//
// Every subpackage is compiled against the real libraries from the module
// proxy. A line where fencecheck must report carries a trailing
// "// finding: RULE" comment (RULE is unfenced, preflight, weakguard or
// uncheckedfence); a line that must stay silent carries "// ok: why".
// Findings on writes queued in a pipeline or transaction (Redis
// TxPipelined, GCS Writer) are expected at the command that performs the
// write: the queued command, or the Close that commits the object.
package catalogue

// Package jobs is a small job queue on PostgreSQL, written the way many
// teams first write one. Run fencecheck on it to see what a lease does not
// protect:
//
//	go run ./cmd/fencecheck ./examples/jobs/...
package jobs

package model_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestSQLLeases checks the verdicts of writes under leases taken in SQL:
// optimistic job claims (a state or holder moved, the version incremented
// on the condition of the old one, the row count checked), lease tables
// acquired by upserts and conditional updates through every client, and
// renewals and releases of the lease row.
func TestSQLLeases(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, verdicts, "sqllease/...")
}

package model_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/model"
)

// TestRedisReservations checks a queue that reserves jobs in Redis (a
// script pops a job into a working set with its deadline) and exports
// operations on a job by its id: one behind an existence test only
// (weakguard), one with no check (unfenced), one that compares the
// caller's token, and operations that choose no job or touch a key the
// queue reserves nothing into.
func TestRedisReservations(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, verdicts, "redisshape/reserve/queue")
}

// TestRedisWrapperFacts checks that a go-redis client wrapper exports
// which command it runs and where its parameters go, and that a method
// that drops the command's outcome exports no such fact.
func TestRedisWrapperFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, model.Analyzer, "redisshape/reserve/wrapclient")
}

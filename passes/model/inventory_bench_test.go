package model_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/passes/model"
)

// BenchmarkModelInventory measures the engine over the fixtures of
// BenchmarkModel with the inventory recorded: what -leases costs on top of
// a normal run (BenchmarkModel, where the inventory is off).
func BenchmarkModelInventory(b *testing.B) {
	model.EnableInventory(true)
	defer model.EnableInventory(false)
	benchModel(b, "sqlclaim", "advisory", "pgxcase", "sqlxcase", "gormcase", "interproc/worker",
		"preflight", "clientcompare", "weakguard", "uncheckedfence", "flagcase")
}

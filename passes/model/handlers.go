package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// handlerLease returns the lease under which a whole function body runs,
// if the function is a handler: marked //fencecheck:handler (or named by
// the -handler flag); a job handler recognised by its shape (see
// handlerShape); a function a registration of the package hands to a job
// framework (registration.go); a Temporal activity (it uses the activity
// package); the OnStartedLeading callback of client-go leader election; or
// an exported function of a queue library that writes the rows the package
// claims by their key (queueAPILease).
func (m *model) handlerLease(fn *ssa.Function) (Lease, bool) {
	if obj := store.FuncObject(fn); obj != nil && fn.Parent() == nil {
		if m.dirs.Func(obj).Handler {
			return Lease{Pos: fn.Pos(), Desc: "handler " + fn.Name() + " runs under a lease"}, true
		}
		if c, ok := config.Lookup(obj.FullName()); ok && c.Handler {
			return Lease{Pos: fn.Pos(), Desc: "handler " + fn.Name() + " runs under a lease"}, true
		}
	}
	switch handlerShape(fn) {
	case "github.com/riverqueue/river.Job":
		return Lease{Pos: fn.Pos(), Desc: "River job handler " + fn.Name() + " runs under the job's lease"}, true
	case "github.com/hibiken/asynq.Task":
		return Lease{Pos: fn.Pos(), Desc: "asynq handler " + fn.Name() + " runs under the task's lease"}, true
	}
	if l, ok := m.registeredHandlers()[fn]; ok {
		return l, true
	}
	if fn.Parent() == nil && usesPackage(fn, "go.temporal.io/sdk/activity") {
		return Lease{Pos: fn.Pos(), Desc: "Temporal activity " + fn.Name() + " runs under the activity's lease"}, true
	}
	if m.leaderCallbacks()[fn] {
		return Lease{Pos: fn.Pos(), Desc: "OnStartedLeading runs while this process believes it leads"}, true
	}
	if lease, ok := m.queueAPILease(fn); ok { // sqlshape.go
		return lease, true
	}
	return Lease{}, false
}

// handlerShape returns the job type ("github.com/riverqueue/river.Job" or
// "github.com/hibiken/asynq.Task") when fn has the shape of a job handler:
// func(context.Context, *river.Job[T]) error or func(context.Context,
// *asynq.Task) error, as a function, a function literal, or a method named
// Work (River) or ProcessTask (asynq). A function that merely takes a job
// or a task (a producer that enqueues one, a helper with more parameters)
// is not a handler; a helper called from a handler inherits its lease
// anyway. It returns "" otherwise.
func handlerShape(fn *ssa.Function) string {
	sig := fn.Signature
	if sig.Params().Len() != 2 || sig.Results().Len() != 1 || !store.IsError(sig.Results().At(0).Type()) ||
		store.NamedPointee(sig.Params().At(0).Type()) != "context.Context" {
		return ""
	}
	job := store.NamedPointee(sig.Params().At(1).Type())
	if _, ptr := sig.Params().At(1).Type().Underlying().(*types.Pointer); !ptr {
		return ""
	}
	method := ""
	if sig.Recv() != nil {
		method = fn.Name()
	}
	switch {
	case job == "github.com/riverqueue/river.Job" && (method == "" || method == "Work"),
		job == "github.com/hibiken/asynq.Task" && (method == "" || method == "ProcessTask"):
		return job
	}
	return ""
}

// usesPackage reports whether fn calls a function of the package path.
func usesPackage(fn *ssa.Function, path string) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if f := store.FuncObject(call.Common().StaticCallee()); f != nil && f.Pkg() != nil && f.Pkg().Path() == path {
				return true
			}
		}
	}
	return false
}

// leaderCallbacks returns the functions stored in the OnStartedLeading
// field of a leaderelection.LeaderCallbacks value in this package.
func (m *model) leaderCallbacks() map[*ssa.Function]bool {
	return m.leaderCallbacksIn("OnStartedLeading")
}

// leaderCallbacksIn returns the functions stored in a field of a client-go
// leaderelection.LeaderCallbacks value in this package (OnStartedLeading,
// OnStoppedLeading), found once for all fields.
func (m *model) leaderCallbacksIn(field string) map[*ssa.Function]bool {
	if m.leaderFields == nil {
		m.leaderFields = make(map[string]map[*ssa.Function]bool)
		m.fieldStores(func(_ *ssa.Function, st *ssa.Store, fa *ssa.FieldAddr) {
			if store.NamedPointee(fa.X.Type()) != "k8s.io/client-go/tools/leaderelection.LeaderCallbacks" {
				return
			}
			f := closureFunc(st.Val)
			if f == nil {
				return
			}
			name := store.FieldName(fa)
			if m.leaderFields[name] == nil {
				m.leaderFields[name] = make(map[*ssa.Function]bool)
			}
			m.leaderFields[name][f] = true
		})
	}
	return m.leaderFields[field]
}

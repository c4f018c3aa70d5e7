// Package kube reads writes to the Kubernetes API through client-go's
// typed and dynamic clients (catalogue.KubeWrite), as made by a
// controller that holds a leader election lease.
//
// The API server checks only what the request carries:
//
//   - Create (and a pod's Bind) fails when the object exists: it cannot
//     overwrite what a newer holder wrote, and is no write to judge;
//   - Update (UpdateStatus, UpdateScale, …) is a compare-and-set on the
//     resourceVersion of the object it sends: the version of an object a
//     Get or List just returned is one a worker that lost its lease reads
//     too (weakguard); an object built without one is updated
//     unconditionally; an object of another origin (a copy, a cache) is
//     not judged;
//   - Patch is unconditional unless the patch names the object's
//     resourceVersion (a JSON patch "test" of it, a merge patch that sets
//     it); a patch built at run time is not judged;
//   - Apply and DeleteCollection are unconditional;
//   - Delete and Evict are unconditional unless their options carry
//     Preconditions (a UID, a resourceVersion), which are not judged.
package kube

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Reader reads Kubernetes API writes.
var Reader store.Reader = reader{}

type reader struct{}

// Classes returns the catalogue class the reader reads.
func (reader) Classes() []catalogue.Class { return []catalogue.Class{catalogue.KubeWrite} }

// Read classifies a Kubernetes API write by its method and request.
func (reader) Read(core store.Core, c store.Call) store.Op {
	kind := kindOf(c.Handle)
	write := func(verb string) *store.Write {
		return &store.Write{Verb: verb + " a Kubernetes", Target: kind}
	}
	switch m := c.Method; {
	case m == "Create" || m == "Bind":
		return &store.NotWrite{Reason: "a " + m + " of a Kubernetes " + kind + " fails when the object exists: it cannot overwrite what a newer holder wrote"}
	case strings.HasPrefix(m, "Update"):
		w := write("updates")
		obj := objectArg(c.Args)
		if obj == nil {
			return nil
		}
		switch {
		case builtHere(obj) && !setsField(obj, "ResourceVersion", 0):
			w.Note = "the object is built without a resourceVersion, so the update is unconditional"
			return w
		case readFromServer(obj):
			// A compare-and-set on the version just read: judged by that
			// version's origin, fresh.
			w.Guard, w.GuardField, w.CondValue = store.TokenGuard, "resourceVersion", obj
			return w
		}
		return &store.Unknown{Reason: "the update is conditioned on the resourceVersion of an object fencecheck does not trace to a read"}
	case m == "Patch":
		text, ok := core.Text(store.ArgAt(c.Args, 3))
		switch {
		case !ok:
			return &store.Unknown{Reason: "the patch is built at run time: fencecheck cannot tell whether it tests the object's resourceVersion"}
		case strings.Contains(text, "resourceVersion"):
			return &store.Unknown{Reason: "the patch names the object's resourceVersion, which the API server checks; where the version comes from is not judged"}
		}
		return write("patches")
	case strings.HasPrefix(m, "Apply"):
		return write("applies")
	case m == "DeleteCollection":
		return write("deletes")
	case m == "Delete" || strings.HasPrefix(m, "Evict"):
		opts := store.ArgAt(c.Args, 1) // Evict(ctx, eviction)
		if m == "Delete" {
			opts = store.ArgAt(c.Args, 2) // Delete(ctx, name, options[, subresources...])
		}
		if preconditioned(opts, 0) {
			return &store.Unknown{Reason: "the request carries Preconditions, which the API server checks; fencecheck does not judge where they come from"}
		}
		if m == "Delete" {
			return write("deletes")
		}
		w := write("evicts")
		w.Target = "Pod" // an eviction, through the pod's or the evictions' client, is of a pod
		return w
	}
	return nil
}

// kindOf names the resource a typed client writes, from its interface
// (PodInterface gives "Pod"); "object" for the dynamic client.
func kindOf(handle ssa.Value) string {
	if handle == nil {
		return "object"
	}
	t := handle.Type().String()
	t = t[strings.LastIndexAny(t, "./")+1:]
	kind := strings.TrimSuffix(t, "Interface")
	if kind == "" || kind == t || kind == "Resource" || kind == "NamespaceableResource" {
		return "object"
	}
	return kind
}

// objectArg returns the object an Update sends: its first pointer
// argument.
func objectArg(args []ssa.Value) ssa.Value {
	for _, a := range args {
		if _, ok := a.Type().Underlying().(*types.Pointer); ok {
			return a
		}
	}
	return nil
}

// Package svcrun takes a lease and updates a job through an interface it
// declares; the implementations live in other packages.
package svcrun

import (
	"context"

	"preflight/leases"
)

// Store updates jobs.
type Store interface {
	Update(ctx context.Context, id int64) error
}

// Run takes the lease and updates the job through the interface.
func Run(ctx context.Context, st Store, id int64) error {
	if _, err := leases.Acquire(ctx, "svc"); err != nil {
		return err
	}
	return st.Update(ctx, id)
}

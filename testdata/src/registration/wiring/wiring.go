// Package wiring registers activities declared in another package. That
// package was analysed first and could not know its methods are
// activities: the writes they reach are reported here, at the
// registration.
package wiring

import (
	"database/sql"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"registration/acts"
)

// Start registers the activities.
func Start(c client.Client, db *sql.DB) worker.Worker {
	w := worker.New(c, "payments", worker.Options{})
	w.RegisterActivity(&acts.Activities{DB: db})                                     // want `call to \(\*acts\.Activities\)\.Capture writes payments via \(\*acts\.Activities\)\.mark → \(\*sql\.DB\)\.ExecContext without a fencing token`
	w.RegisterActivity(&acts.Readers{DB: db})                                        // ok: its methods only read
	w.RegisterActivityWithOptions(acts.Archive, activity.RegisterOptions{Name: "a"}) // want `call to acts\.Archive writes payments via \(\*sql\.DB\)\.ExecContext without a fencing token`
	return w
}

// NotRegistered calls the writers directly, outside any lease.
func NotRegistered(db *sql.DB) {
	_ = acts.Unregistered // ok: a function value that is not registered
}

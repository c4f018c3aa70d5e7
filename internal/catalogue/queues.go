package catalogue

// Import paths of the job queues the catalogue models.
const (
	river     = "github.com/riverqueue/river"
	rivertype = "github.com/riverqueue/river/rivertype"
	asynq     = "github.com/hibiken/asynq"
	temporal  = "go.temporal.io/sdk/activity"
	temporalW = "go.temporal.io/sdk/worker"
)

// queueEntries returns the job-queue part of the table. Handler bodies
// (River Work, asynq ProcessTask, Temporal activities) are lease scopes;
// the model recognises them by their signatures and by the Registers
// entries, which name what a registration hands to the framework.
func queueEntries() []Entry {
	return []Entry{
		entry(asynq, "github.com/hibiken/asynq.GetRetryCount", WeakToken).withReason("a retry count can repeat"),
		entry(asynq, "github.com/hibiken/asynq.GetTaskID", WeakToken).withReason("a task ID is not ordered"),
		entry(asynq, "(*github.com/hibiken/asynq.ResultWriter).Write", Sink).withVerb("writes"),
		entry(temporal, "go.temporal.io/sdk/activity.GetInfo", TokenSource),
		entry(temporal, "go.temporal.io/sdk/activity.RecordHeartbeat", Probe),
		entry(temporal, "go.temporal.io/sdk/activity.GetWorkerStopChannel", Probe),
		entry(asynq, "(*github.com/hibiken/asynq.ServeMux).Handle", Registers).withArg(1).withFields("ProcessTask"),
		entry(asynq, "(*github.com/hibiken/asynq.ServeMux).HandleFunc", Registers).withArg(1),
		entry(river, "github.com/riverqueue/river.AddWorker", Registers).withArg(1).withFields("Work"),
		entry(river, "github.com/riverqueue/river.AddWorkerSafely", Registers).withArg(1).withFields("Work"),
		entry(river, "github.com/riverqueue/river.AddWorkerArgs", Registers).withArg(2).withFields("Work"),
		entry(river, "github.com/riverqueue/river.WorkFunc", Registers).withArg(0),
		entry(temporalW, "(go.temporal.io/sdk/worker.ActivityRegistry).RegisterActivity", Registers).withArg(0).withFields("*"),
		entry(temporalW, "(go.temporal.io/sdk/worker.ActivityRegistry).RegisterActivityWithOptions", Registers).withArg(0).withFields("*"),
		entry(river, "github.com/riverqueue/river.JobCompleteTx", Guarded).withVerb("completes").
			withReason("it checks only that the job is still running, which a newer attempt passes too"),
	}
}

// weakFields are struct fields that look like tokens but are not, keyed by
// "import/path.Type.Field".
var weakFields = map[string]string{
	"github.com/riverqueue/river/rivertype.JobRow.Attempt":                                      "an attempt counter can repeat (it decrements on snooze)",
	"github.com/riverqueue/river/rivertype.JobRow.ID":                                           "a job ID is the same for every attempt",
	"go.etcd.io/etcd/client/v3.LeaseGrantResponse.ID":                                           leaseID,
	"k8s.io/client-go/tools/leaderelection/resourcelock.LeaderElectionRecord.LeaderTransitions": "it is observed, not enforced, and resets when the Lease object is recreated",
}

// WeakField returns why a struct field is not a fencing token, or "".
func WeakField(pkgPath, typeName, field string) string {
	return weakFields[pkgPath+"."+typeName+"."+field]
}

// Package heavydeps is a small service module whose own packages use
// client-go, the AWS SDK v2 (S3, DynamoDB), the Temporal SDK, the etcd
// client, go-redis and pgx. scripts/bench.sh measures fencecheck on it:
// nearly all of the work go vet does here is the ~1,200 dependency
// packages it analyses only for their facts.
package heavydeps

{{/* Names, labels and shared fragments of the fc-site chart. */}}

{{- define "fc-site.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "fc-site.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "fc-site.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "fc-site.selectorLabels" -}}
app.kubernetes.io/name: {{ include "fc-site.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* The metrics' job label: always "fc-site" (the alerts and the dashboard select job="fc-site"),
     whatever the release, nameOverride or fullnameOverride. The ServiceMonitor's jobLabel reads it
     from the Service. */}}
{{- define "fc-site.jobLabel" -}}
fc-site/job: fc-site
{{- end -}}

{{- define "fc-site.labels" -}}
helm.sh/chart: {{ include "fc-site.chart" . }}
{{ include "fc-site.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: fc
{{- end -}}

{{- define "fc-site.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "fc-site.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "fc-site.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{- define "fc-site.secretName" -}}
{{- default (printf "%s-env" (include "fc-site.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "fc-site.redisName" -}}
{{- printf "%s-redis" (include "fc-site.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The bundled Redis's password, generated once and kept: an upgrade reads it back from the
     Secret it made (lookup), so the site's pods and Redis never disagree. Rotating it: delete the
     Secret, upgrade (a new one is made; both Deployments roll on its checksum). `helm template`
     has no cluster to read and makes a new one each time. */}}
{{- define "fc-site.redisPassword" -}}
{{- $existing := lookup "v1" "Secret" .Release.Namespace (include "fc-site.redisSecretName" .) -}}
{{- if and $existing $existing.data (hasKey $existing.data "password") -}}
{{- index $existing.data "password" | b64dec -}}
{{- else -}}
{{- randAlphaNum 40 -}}
{{- end -}}
{{- end -}}

{{/* The bundled Redis's Secret: `password`, `url` (the site's REDIS_URL, as the user `site`) and `users.acl`. */}}
{{- define "fc-site.redisSecretName" -}}
{{- printf "%s-redis-auth" (include "fc-site.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* "true" when the site is configured to use some Redis (bundled or external): the Redis alert
     group is installed only then (wp_cache_redis_up is 0 on a site without Redis). A REDIS_URL
     kept in an existing Secret is invisible here: set metrics.prometheusRule.redisAlerts. */}}
{{- define "fc-site.usesRedis" -}}
{{- $c := .Values.config -}}
{{- $s := .Values.secrets.values -}}
{{- if or .Values.redis.enabled .Values.metrics.prometheusRule.redisAlerts $c.REDIS_URL $c.REDIS_SENTINELS $c.REDIS_CLUSTER_NODES $s.REDIS_URL -}}
true
{{- end -}}
{{- end -}}

{{/* The ConfigMap's data: non-empty `config` entries, the ports, the bundled Redis, the CDN. */}}
{{- define "fc-site.configData" -}}
{{- $c := .Values.config -}}
{{- if and .Values.redis.enabled (or $c.REDIS_URL $c.REDIS_SENTINELS $c.REDIS_CLUSTER_NODES .Values.secrets.values.REDIS_URL) -}}
{{- fail "redis.enabled (the bundled Redis) and an external REDIS_URL / REDIS_SENTINELS / REDIS_CLUSTER_NODES exclude each other: switch redis.enabled off to use an external Redis" -}}
{{- end -}}
{{- range $key := keys $c | sortAlpha }}
{{- $value := index $c $key }}
{{- /* Numbers come from YAML as float64, which print as 3.1536e+07 from a million on. */}}
{{- if and (kindIs "float64" $value) (eq $value (float64 (int64 $value))) }}
{{- $value = int64 $value }}
{{- end }}
{{- if and (ne (toString $value) "") (ne $key "PORT") (ne $key "METRICS_PORT") }}
{{ $key }}: {{ toString $value | quote }}
{{- end }}
{{- end }}
PORT: {{ .Values.ports.http | toString | quote }}
METRICS_PORT: {{ .Values.ports.metrics | toString | quote }}
{{- if and (not .Values.demo.enabled) (not $c.SITE_URL) }}
{{- fail "config.SITE_URL is required (the public base URL of canonical, hreflang, Open Graph and sitemap links; the app exits 78 without it)" -}}
{{- end }}
MEDIA_CACHE_DIR: "/app/media-cache"
MEDIA_CACHE_MB: {{ .Values.media.cacheMb | int | toString | quote }}
MEDIA_MEMORY_MB: {{ .Values.media.memoryMb | int | toString | quote }}
{{- with .Values.media.transforms }}
MEDIA_TRANSFORMS: {{ . | int | toString | quote }}
{{- end }}
{{- if .Values.demo.enabled }}
{{- if $c.WP_URL }}
{{- fail "demo.enabled and config.WP_URL exclude each other: the demo catalogue is for a site without WordPress" -}}
{{- end }}
DEMO_CATALOGUE: "true"
{{- else if not $c.WP_URL }}
{{- fail "config.WP_URL is required (the site's WordPress), or set demo.enabled=true to serve the bundled demo catalogue" -}}
{{- end }}
{{- if ne .Values.cdn.provider "none" }}
CDN_PROVIDER: {{ .Values.cdn.provider | quote }}
{{- if eq .Values.cdn.provider "fastly" }}
CDN_FASTLY_SERVICE_ID: {{ required "cdn.fastlyServiceId is required when cdn.provider is fastly" .Values.cdn.fastlyServiceId | quote }}
{{- end }}
{{- if eq .Values.cdn.provider "cloudflare" }}
CDN_CLOUDFLARE_ZONE_ID: {{ required "cdn.cloudflareZoneId is required when cdn.provider is cloudflare" .Values.cdn.cloudflareZoneId | quote }}
{{- end }}
{{- if eq .Values.cdn.provider "varnish" }}
{{- if not .Values.cdn.varnishUrls }}
{{- fail "cdn.varnishUrls is required when cdn.provider is varnish" -}}
{{- end }}
CDN_VARNISH_URLS: {{ join "," .Values.cdn.varnishUrls | quote }}
{{- end }}
{{- with .Values.cdn.apiUrl }}
CDN_API_URL: {{ . | quote }}
{{- end }}
{{- end }}
{{- with .Values.nodeOptions }}
NODE_OPTIONS: {{ . | quote }}
{{- end }}
{{- end -}}

{{/* The created Secret's data (base64): the non-empty `secrets.values`. */}}
{{- define "fc-site.secretData" -}}
{{- $s := .Values.secrets.values -}}
{{- range $key := keys $s | sortAlpha }}
{{- $value := index $s $key }}
{{- if ne (toString $value) "" }}
{{ $key }}: {{ toString $value | b64enc | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/* The bundled Redis has its own name label, so no selector of the site's matches its pods. */}}
{{- define "fc-site.redisSelectorLabels" -}}
app.kubernetes.io/name: {{ include "fc-site.name" . }}-redis
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: redis
{{- end -}}

{{- define "fc-site.redisLabels" -}}
helm.sh/chart: {{ include "fc-site.chart" . }}
{{ include "fc-site.redisSelectorLabels" . }}
app.kubernetes.io/version: {{ .Values.redis.image.tag | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: fc
{{- end -}}

{{/* The internal entry points' peers (NetworkPolicyPeers), allowed on both ports: the internal
     ingress controller (internal.ingress), the internal Service's source ranges (internal.service)
     and networkPolicy.ingress.extraFrom. */}}
{{- define "fc-site.internalPeers" -}}
{{- $np := .Values.networkPolicy -}}
{{- if .Values.internal.ingress.enabled }}
{{- with $np.ingress.internalControllerFrom }}
{{ toYaml . }}
{{- end }}
{{- end }}
{{- with $np.ingress.extraFrom }}
{{ toYaml . }}
{{- end }}
{{- if .Values.internal.service.enabled }}
{{- range .Values.internal.sourceRanges }}
- ipBlock:
    cidr: {{ . | quote }}
{{- end }}
{{- end }}
{{- end -}}

/**
 * The answers of the diagnostic endpoints as the screens read them (product rules, Entities and API;
 * server/features/diagnostics, health and images).
 */
export interface HealthAnswer {
  status: string;
  environment: string;
}

export interface ImageServiceAnswer {
  status: 'ok' | 'warning' | 'error' | string;
  message?: string;
  storage_link?: { exists: boolean; is_symlink?: boolean; target?: string | null };
}

export interface SystemDiagnostic {
  database: { status: string; database_name: string | null; user_count: number | null };
  storage: {
    status: string;
    space_usage_percent: number | null;
    write_test: string;
    /** STORAGE_DRIVER (absent from servers older than object storage: the folder). */
    driver?: 'local' | 's3';
    /** With the s3 driver: where the bucket is, whether it answers and takes writes. */
    bucket?: { location: string; reachable: boolean; writable: boolean; error: string | null };
    image_folders: Record<string, { exists: boolean; file_count: number }>;
    /** Attachments and site photos (absent from servers older than the site updates). */
    private_folders?: Record<string, { exists: boolean; file_count: number }>;
  };
  symlinks: { public_storage_exists: boolean; is_symlink: boolean; symlink_target: string | null };
  environment: {
    php_version?: string;
    node_version?: string;
    server_software?: string;
    os?: string;
    app_environment?: string;
    app_url?: string;
    filesystem_disk?: string;
    max_upload_size?: string;
    memory_limit?: string;
  };
}

/** Product rules, Entities. */
export interface ImageRecord {
  url: string;
  path: string;
  /** Bytes. */
  size: number;
  /** Unix seconds. */
  last_modified: number;
}

export interface ImageListAnswer {
  images: ImageRecord[];
  /** Every stored image; the answer holds at most `limit`, the newest. */
  total?: number;
  limit?: number;
}

export interface UploadAnswer {
  path: string;
  url: string;
}

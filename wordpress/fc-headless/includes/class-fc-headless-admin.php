<?php
/**
 * The editors' side: "View" links and permalinks that point at the site (in wp-admin and in the
 * block editor's REST calls, never in the public REST answers the site reads), whether the site
 * has taken a change (assets/live.js in the block editor), the settings page (Settings → FC
 * Headless), failed deliveries shown to administrators, and "Purge everything".
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

final class FC_Headless_Admin {

	const PAGE = 'fc-headless';

	/** @var bool whether the REST request being served is an editor's (context=edit or a write) */
	private static $rest_edit = false;

	public static function init(): void {
		add_filter( 'post_type_link', array( __CLASS__, 'post_type_link' ), 50, 4 );
		add_filter( 'post_link', array( __CLASS__, 'post_link' ), 50, 3 );
		add_filter( 'page_link', array( __CLASS__, 'page_link' ), 50, 3 );
		add_action( 'enqueue_block_editor_assets', array( __CLASS__, 'enqueue_live' ) );
		add_filter( 'term_link', array( __CLASS__, 'term_link' ), 50, 3 );
		add_filter( 'rest_pre_dispatch', array( __CLASS__, 'note_rest_context' ), 10, 3 );

		add_action( 'admin_menu', array( __CLASS__, 'menu' ) );
		add_action( 'admin_init', array( __CLASS__, 'register_setting' ) );
		add_action( 'admin_notices', array( __CLASS__, 'notice' ) );
		add_action( 'admin_post_fc_headless_purge_all', array( __CLASS__, 'purge_all' ) );
		add_action( 'admin_post_fc_headless_clear_failures', array( __CLASS__, 'clear_failures' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( FC_HEADLESS_FILE ), array( __CLASS__, 'action_links' ) );
	}

	// ——— links ——————————————————————————————————————————————————————————————————————

	/** Only editors see site links: the public REST answers keep WordPress's own permalinks. */
	public static function wants_site_links(): bool {
		if ( '' === FC_Headless_Settings::public_url() ) {
			return false;
		}
		return (bool) apply_filters( 'fc_headless_site_links', is_admin() || self::$rest_edit );
	}

	public static function note_rest_context( $result, $server, $request ) {
		if ( $request instanceof WP_REST_Request && ! self::$rest_edit ) {
			self::$rest_edit = 'GET' !== $request->get_method() || 'edit' === $request->get_param( 'context' );
		}
		return $result;
	}

	public static function post_link( $link, $post, $leavename = false ) {
		$post = get_post( $post );
		return $post ? self::site_link_for_post( $post, (string) $link, (bool) $leavename ) : $link;
	}

	/**
	 * `$sample`: the address the item will have once published (get_sample_permalink(), which
	 * the block editor's "URL" shows while it is a draft), not its signed preview link.
	 */
	public static function post_type_link( $link, $post, $leavename = false, $sample = false ) {
		$post = get_post( $post );
		if ( ! $post ) {
			return $link;
		}
		return self::site_link_for_post( $sample ? self::as_published( $post ) : $post, (string) $link, (bool) $leavename );
	}

	public static function page_link( $link, $post_id, $sample = false ) {
		$post = get_post( (int) $post_id );
		if ( ! $post ) {
			return $link;
		}
		return self::site_link_for_post( $sample ? self::as_published( $post ) : $post, (string) $link );
	}

	private static function as_published( WP_Post $post ): WP_Post {
		$copy              = clone $post;
		$copy->post_status = 'publish';
		return $copy;
	}

	/**
	 * `$leavename`: keep WordPress's `%postname%` placeholder where the site's address has the
	 * slug (the block editor edits the slug inside it).
	 */
	public static function site_link_for_post( WP_Post $post, string $link, bool $leavename = false ): string {
		if ( ! self::wants_site_links() ) {
			return $link;
		}
		$base = FC_Headless_Languages::post_base( $post->post_type );
		if ( ! $base || 'media' === $base ) {
			return $link;
		}
		if ( 'publish' !== $post->post_status ) {
			// Not on the site yet: its "View" opens the signed preview instead.
			return FC_Headless_Preview::url_for( $post ) ?? $link;
		}
		$path = self::post_path( $post, $base, $leavename ? '%postname%' : null );
		if ( null === $path ) {
			return $link;
		}
		// The placeholder went through the path's URL-encoding with the slug it stands for.
		return str_replace( rawurlencode( '%postname%' ), '%postname%', FC_Headless_Links::url( FC_Headless_Settings::public_url(), $path ) );
	}

	/** The site path of a published post, or null when the site has no page for it (`$slug`: instead of its own). */
	public static function post_path( WP_Post $post, string $base, ?string $slug = null ): ?string {
		$lang = FC_Headless_Languages::post_language( (int) $post->ID );
		if ( 'pages' === $base ) {
			$front = (int) get_option( 'page_on_front' );
			if ( $front && ( $front === (int) $post->ID || in_array( (int) $post->ID, FC_Headless_Languages::post_translations( $front ), true ) ) ) {
				return FC_Headless_Links::item_path( 'front-page', $lang );
			}
			// Company pages are known by their English slug.
			$english = FC_Headless_Languages::post_translations( (int) $post->ID )[ FC_Headless_Links::DEFAULT_LANG ] ?? (int) $post->ID;
			return FC_Headless_Links::item_path( 'pages', $lang, (string) get_post_field( 'post_name', $english ) );
		}
		if ( 'designers' === $base ) {
			// No page of their own: the site lists the designers on its About page.
			return FC_Headless_Links::item_path( 'pages', $lang, 'about' );
		}
		if ( 'imagemap_products' === $base ) {
			return self::imagemap_path( $post, $lang );
		}
		$key = 'products' === $base ? (int) $post->ID : ( $slug ?? $post->post_name );
		return FC_Headless_Links::item_path( $base, $lang, $key );
	}

	/** An imagemap has no page of its own: the projects page when a published project shows it, else the home page. */
	private static function imagemap_path( WP_Post $imagemap, string $lang ): ?string {
		$projects = get_posts(
			array(
				'post_type'        => 'projects',
				'post_status'      => 'publish',
				'fields'           => 'ids',
				'numberposts'      => 1,
				'meta_key'         => 'imagemap', // phpcs:ignore WordPress.DB.SlowDBQuery
				'meta_value'       => (int) $imagemap->ID, // phpcs:ignore WordPress.DB.SlowDBQuery
				'suppress_filters' => true,
			)
		);
		return FC_Headless_Links::item_path( $projects ? 'projects' : 'front-page', $lang );
	}

	public static function term_link( $link, $term, $taxonomy ) {
		if ( ! $term instanceof WP_Term || ! self::wants_site_links() || ! FC_Headless_Languages::is_site_taxonomy( (string) $taxonomy ) ) {
			return $link;
		}
		$path = FC_Headless_Links::item_path( (string) $taxonomy, FC_Headless_Languages::term_language( (int) $term->term_id ), $term->slug );
		return null === $path ? $link : FC_Headless_Links::url( FC_Headless_Settings::public_url(), $path );
	}

	// ——— "Live on the site" ——————————————————————————————————————————————————————————

	/** The block editor of an item the site shows: after Publish or Update, whether the site has taken it. */
	public static function enqueue_live(): void {
		$post = get_post();
		$base = $post ? FC_Headless_Languages::post_base( $post->post_type ) : null;
		if ( ! $base || ! in_array( $base, FC_Headless_Live::TYPES, true ) || ! FC_Headless_Settings::is_configured() ) {
			return;
		}
		$handle = 'fc-headless-live';
		wp_enqueue_script( $handle, plugins_url( 'assets/live.js', FC_HEADLESS_FILE ), array( 'wp-api-fetch', 'wp-data', 'wp-editor', 'wp-i18n', 'wp-notices' ), FC_HEADLESS_VERSION, true );
		wp_set_script_translations( $handle, 'fc-headless', dirname( FC_HEADLESS_FILE ) . '/languages' );
		wp_add_inline_script( $handle, 'window.fcHeadlessLive = ' . wp_json_encode( array( 'base' => $base ) ) . ';', 'before' );
	}

	// ——— settings page ——————————————————————————————————————————————————————————————

	public static function menu(): void {
		add_options_page( 'FC Headless', 'FC Headless', 'manage_options', self::PAGE, array( __CLASS__, 'render' ) );
	}

	public static function register_setting(): void {
		register_setting(
			self::PAGE,
			FC_Headless_Settings::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( 'FC_Headless_Settings', 'sanitize' ),
				'default'           => array(),
				'show_in_rest'      => false,
			)
		);
	}

	public static function action_links( $links ): array {
		$links   = is_array( $links ) ? $links : array();
		$links[] = '<a href="' . esc_url( admin_url( 'options-general.php?page=' . self::PAGE ) ) . '">' . esc_html__( 'Settings', 'fc-headless' ) . '</a>';
		return $links;
	}

	public static function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$stored = FC_Headless_Settings::stored();
		$field  = static function ( string $name, string $label, string $value, string $help, bool $secret = false ) {
			$fixed = FC_Headless_Settings::is_constant( $name );
			echo '<tr><th scope="row"><label for="fc-headless-' . esc_attr( $name ) . '">' . esc_html( $label ) . '</label></th><td>';
			if ( $fixed ) {
				echo '<code>' . esc_html( $secret ? str_repeat( '•', 12 ) : $value ) . '</code> <p class="description">' . esc_html__( 'Set in wp-config.php.', 'fc-headless' ) . '</p>';
			} elseif ( 'site_urls' === $name ) {
				echo '<textarea id="fc-headless-site_urls" class="large-text code" rows="3" name="' . esc_attr( FC_Headless_Settings::OPTION ) . '[site_urls]">' . esc_textarea( $value ) . '</textarea>';
			} else {
				echo '<input id="fc-headless-' . esc_attr( $name ) . '" class="regular-text code" type="' . ( $secret ? 'password' : 'url' ) . '" autocomplete="off" name="' . esc_attr( FC_Headless_Settings::OPTION . "[{$name}]" ) . '" value="' . esc_attr( $secret ? '' : $value ) . '"' . ( $secret && '' !== $value ? ' placeholder="' . esc_attr__( '(unchanged)', 'fc-headless' ) . '"' : '' ) . '>';
			}
			echo '<p class="description">' . esc_html( $help ) . '</p></td></tr>';
		};

		echo '<div class="wrap"><h1>FC Headless</h1>';
		if ( isset( $_GET['fc-purged'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification
			echo '<div class="notice notice-success"><p>' . esc_html__( 'The site was asked to purge everything.', 'fc-headless' ) . '</p></div>';
		}
		echo '<form method="post" action="options.php">';
		settings_fields( self::PAGE );
		echo '<table class="form-table" role="presentation">';
		$field( 'site_urls', __( 'Site URLs to notify', 'fc-headless' ), implode( "\n", FC_Headless_Settings::site_urls() ), __( 'One per line. Each receives the signed webhook at /api/cache/webhook.', 'fc-headless' ) );
		$field( 'secret', __( 'Shared secret', 'fc-headless' ), FC_Headless_Settings::secret(), __( 'The site\'s PURGE_SECRET: signs webhooks and preview links.', 'fc-headless' ), true );
		$field( 'public_url', __( 'Public site URL', 'fc-headless' ), (string) ( $stored['public_url'] ?? FC_Headless_Settings::public_url() ), __( 'Where "View" and "Preview" open; the first site URL when empty.', 'fc-headless' ) );
		echo '</table>';
		submit_button();
		echo '</form>';

		echo '<h2>' . esc_html__( 'Purge the site\'s cache', 'fc-headless' ) . '</h2><p>' . esc_html__( 'Every page is fetched from WordPress again on its next view.', 'fc-headless' ) . '</p>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><input type="hidden" name="action" value="fc_headless_purge_all">';
		wp_nonce_field( 'fc_headless_purge_all' );
		submit_button( __( 'Purge everything', 'fc-headless' ), 'secondary', 'submit', false, FC_Headless_Settings::is_configured() ? array() : array( 'disabled' => 'disabled' ) );
		echo '</form>';

		$last = get_option( FC_Headless_Delivery::LAST_OK_OPTION );
		echo '<h2>' . esc_html__( 'Deliveries', 'fc-headless' ) . '</h2>';
		if ( is_array( $last ) ) {
			/* translators: 1: time, 2: site URL */
			echo '<p>' . esc_html( sprintf( __( 'Last delivered %1$s to %2$s.', 'fc-headless' ), wp_date( 'Y-m-d H:i:s', (int) $last['time'] ), $last['site'] ) ) . '</p>';
		}
		$retries = FC_Headless_Delivery::scheduled_retries();
		if ( $retries ) {
			echo '<p>' . esc_html( sprintf( _n( '%d delivery is waiting to be tried again.', '%d deliveries are waiting to be tried again.', count( $retries ), 'fc-headless' ), count( $retries ) ) ) . '</p>';
		}
		$failures = FC_Headless_Delivery::failures();
		if ( $failures ) {
			echo '<table class="widefat striped"><thead><tr><th>' . esc_html__( 'When', 'fc-headless' ) . '</th><th>' . esc_html__( 'Site', 'fc-headless' ) . '</th><th>' . esc_html__( 'Try', 'fc-headless' ) . '</th><th>' . esc_html__( 'Error', 'fc-headless' ) . '</th><th>' . esc_html__( 'Events', 'fc-headless' ) . '</th><th>' . esc_html__( 'Next', 'fc-headless' ) . '</th></tr></thead><tbody>';
			foreach ( $failures as $f ) {
				$events = implode( ', ', array_map( static fn( $e ) => "{$e['type']}:{$e['id']} {$e['action']}", array_slice( (array) $f['events'], 0, 6 ) ) ) . ( count( (array) $f['events'] ) > 6 ? ' …' : '' );
				echo '<tr><td>' . esc_html( wp_date( 'Y-m-d H:i:s', (int) $f['time'] ) ) . '</td><td>' . esc_html( $f['site'] ) . '</td><td>' . (int) $f['attempt'] . '</td><td>' . esc_html( $f['error'] ) . '</td><td><code>' . esc_html( $events ) . '</code></td><td>' . esc_html( $f['gave_up'] ? __( 'gave up', 'fc-headless' ) : wp_date( 'H:i:s', (int) $f['next'] ) ) . '</td></tr>';
			}
			echo '</tbody></table><form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><input type="hidden" name="action" value="fc_headless_clear_failures">';
			wp_nonce_field( 'fc_headless_clear_failures' );
			submit_button( __( 'Clear this list', 'fc-headless' ), 'secondary', 'submit', false );
			echo '</form>';
		} else {
			echo '<p>' . esc_html__( 'No failed deliveries.', 'fc-headless' ) . '</p>';
		}
		echo '</div>';
	}

	/** Administrators see failed deliveries on every admin screen until the list is cleared. */
	public static function notice(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$failures = FC_Headless_Delivery::failures();
		$url      = esc_url( admin_url( 'options-general.php?page=' . self::PAGE ) );
		if ( ! FC_Headless_Settings::is_configured() ) {
			echo '<div class="notice notice-warning"><p>' . wp_kses_post( sprintf( __( 'FC Headless is not configured: the site is not told about changes. <a href="%s">Settings</a>', 'fc-headless' ), $url ) ) . '</p></div>';
			return;
		}
		if ( ! $failures ) {
			return;
		}
		$gave_up = count( array_filter( $failures, static fn( $f ) => ! empty( $f['gave_up'] ) ) );
		$latest  = $failures[0];
		$class   = $gave_up ? 'notice-error' : 'notice-warning';
		$message = $gave_up
			? sprintf( _n( 'The site could not be told about %d change: it may show old content.', 'The site could not be told about %d changes: they may show old content.', $gave_up, 'fc-headless' ), $gave_up )
			: __( 'A delivery to the site failed and will be tried again.', 'fc-headless' );
		echo '<div class="notice ' . esc_attr( $class ) . '"><p><strong>FC Headless:</strong> ' . esc_html( $message ) . ' ' . esc_html( sprintf( '(%s: %s)', $latest['site'], $latest['error'] ) ) . ' <a href="' . $url . '">' . esc_html__( 'Details', 'fc-headless' ) . '</a></p></div>'; // phpcs:ignore WordPress.Security.EscapeOutput
	}

	public static function purge_all(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'fc-headless' ), 403 );
		}
		check_admin_referer( 'fc_headless_purge_all' );
		FC_Headless_Delivery::enqueue( 'all', 0, 'update' );
		wp_safe_redirect( admin_url( 'options-general.php?page=' . self::PAGE . '&fc-purged=1' ) );
		// The queued event goes out at shutdown, after the redirect is sent.
		exit;
	}

	public static function clear_failures(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'fc-headless' ), 403 );
		}
		check_admin_referer( 'fc_headless_clear_failures' );
		FC_Headless_Delivery::clear_failures();
		wp_safe_redirect( admin_url( 'options-general.php?page=' . self::PAGE ) );
		exit;
	}
}

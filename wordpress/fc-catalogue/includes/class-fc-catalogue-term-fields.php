<?php
/**
 * The term screens' fields (Products → Categories, Products → Colours): a category's Image
 * (chosen from the media library) and a colour's Hex (a text box that is always shown, with
 * WordPress's colour picker beside it), on the "Add New" form and on the edit screen;
 * assets/term-fields.js wires the buttons. A hex that is not #RRGGBB is refused with a message:
 * on "Add New" the form stays filled in; on the edit screen the other changes are saved and the
 * screen comes back with the typed hex and the message, so nothing typed is lost. The list of
 * colours shows each one's swatch.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Term_Fields {

	const NONCE    = 'fc_catalogue_term_fields';
	const REJECTED = 'fc_catalogue_rejected_term_';

	public static function init(): void {
		foreach ( array_keys( FC_Catalogue_Fields::term_fields() ) as $taxonomy ) {
			add_action( "{$taxonomy}_add_form_fields", array( __CLASS__, 'add_form' ) );
			add_action( "{$taxonomy}_edit_form_fields", array( __CLASS__, 'edit_form' ), 10, 2 );
			add_action( "created_{$taxonomy}", array( __CLASS__, 'save' ), 10, 1 );
			add_action( "edited_{$taxonomy}", array( __CLASS__, 'save' ), 10, 1 );
		}
		add_filter( 'pre_insert_term', array( __CLASS__, 'check_new' ), 10, 2 );
		add_filter( 'redirect_term_location', array( __CLASS__, 'back_to_form' ), 10, 2 );
		add_action( 'admin_enqueue_scripts', array( __CLASS__, 'enqueue' ) );
		add_filter( 'manage_edit-product_colors_columns', array( __CLASS__, 'colour_columns' ) );
		add_filter( 'manage_product_colors_custom_column', array( __CLASS__, 'colour_column' ), 10, 3 );
	}

	/** The colour list: a Swatch column after the name. */
	public static function colour_columns( $columns ): array {
		$out = array();
		foreach ( (array) $columns as $key => $label ) {
			$out[ $key ] = $label;
			if ( 'name' === $key ) {
				$out['fc_swatch'] = __( 'Swatch', 'fc-catalogue' );
			}
		}
		return $out;
	}

	public static function colour_column( $content, $column, $term_id ) {
		if ( 'fc_swatch' !== $column ) {
			return $content;
		}
		$hex = (string) get_term_meta( (int) $term_id, 'hex', true );
		if ( '' === $hex ) {
			return '<span class="fc-catalogue-swatch-none">' . esc_html__( 'no colour', 'fc-catalogue' ) . '</span>';
		}
		return '<span class="fc-catalogue-swatch" style="background-color:' . esc_attr( $hex ) . '"></span> <code>' . esc_html( $hex ) . '</code>';
	}

	public static function enqueue( $hook ): void {
		$screen = get_current_screen();
		if ( ! in_array( $hook, array( 'edit-tags.php', 'term.php' ), true ) || ! $screen || ! isset( FC_Catalogue_Fields::term_fields()[ $screen->taxonomy ] ) ) {
			return;
		}
		wp_enqueue_media();
		wp_enqueue_style( 'wp-color-picker' );
		wp_enqueue_style( 'fc-catalogue-term-fields', plugins_url( 'assets/term-fields.css', FC_CATALOGUE_FILE ), array( 'wp-color-picker' ), FC_CATALOGUE_VERSION );
		wp_enqueue_script( 'fc-catalogue-term-fields', plugins_url( 'assets/term-fields.js', FC_CATALOGUE_FILE ), array( 'jquery', 'wp-color-picker', 'wp-i18n' ), FC_CATALOGUE_VERSION, true );
		wp_set_script_translations( 'fc-catalogue-term-fields', 'fc-catalogue', dirname( FC_CATALOGUE_FILE ) . '/languages' );
	}

	/** Why a typed hex cannot be stored (null: it can; empty means no colour). */
	public static function hex_problem( string $hex ): ?string {
		$hex = trim( $hex );
		if ( '' === $hex || preg_match( '/^#[0-9A-Fa-f]{6}$/', $hex ) ) {
			return null;
		}
		/* translators: %s: what was typed as the colour's hex code */
		return sprintf( __( 'Hex: “%s” is not a colour; write it as # and six hexadecimal digits, e.g. #1F4E79.', 'fc-catalogue' ), $hex );
	}

	public static function add_form( $taxonomy ): void {
		wp_nonce_field( self::NONCE, self::NONCE );
		foreach ( FC_Catalogue_Fields::term_fields()[ $taxonomy ] ?? array() as $key => $field ) {
			echo '<div class="form-field fc-catalogue-term-field">';
			self::control( $key, $field, 'image' === $field['kind'] ? 0 : '' );
			echo '</div>';
		}
	}

	public static function edit_form( $term, $taxonomy ): void {
		wp_nonce_field( self::NONCE, self::NONCE );
		$rejected = self::take_rejected( (int) $term->term_id );
		if ( $rejected ) {
			echo '<tr><td colspan="2"><div class="notice notice-error inline"><p>' . esc_html( $rejected['message'] ) . '</p></div></td></tr>';
		}
		foreach ( FC_Catalogue_Fields::term_fields()[ $taxonomy ] ?? array() as $key => $field ) {
			$value = $rejected && $rejected['key'] === $key ? $rejected['value'] : get_term_meta( (int) $term->term_id, $key, true );
			echo '<tr class="form-field fc-catalogue-term-field"><th scope="row">';
			echo '<label for="fc-' . esc_attr( $key ) . '">' . esc_html( $field['label'] ) . '</label></th><td>';
			self::control( $key, $field, $value, false );
			echo '</td></tr>';
		}
	}

	private static function control( string $key, array $field, $value, bool $label = true ): void {
		$id = 'fc-' . $key;
		if ( $label ) {
			echo '<label for="' . esc_attr( $id ) . '">' . esc_html( $field['label'] ) . '</label>';
		}
		if ( 'hex' === $field['kind'] ) {
			echo '<input type="text" class="fc-catalogue-hex" id="' . esc_attr( $id ) . '" name="fc_' . esc_attr( $key ) . '" value="' . esc_attr( (string) $value ) . '" placeholder="#RRGGBB" maxlength="7" />';
			echo '<p class="description">' . esc_html__( 'The colour’s swatch on the site, as #RRGGBB.', 'fc-catalogue' ) . '</p>';
			return;
		}
		$image = absint( $value );
		$thumb = $image ? wp_get_attachment_image( $image, 'thumbnail', false, array( 'class' => 'fc-catalogue-image-preview' ) ) : '';
		echo '<div class="fc-catalogue-image" data-field="' . esc_attr( $key ) . '">';
		echo '<input type="hidden" id="' . esc_attr( $id ) . '" name="fc_' . esc_attr( $key ) . '" value="' . esc_attr( (string) $image ) . '" />';
		echo '<div class="fc-catalogue-image-slot">' . $thumb . '</div>'; // phpcs:ignore WordPress.Security.EscapeOutput -- wp_get_attachment_image escapes
		echo '<button type="button" class="button fc-catalogue-image-choose" aria-describedby="' . esc_attr( $id ) . '-help">' . esc_html( $image ? __( 'Replace image', 'fc-catalogue' ) : __( 'Choose image', 'fc-catalogue' ) ) . '</button> ';
		echo '<button type="button" class="button-link fc-catalogue-image-remove"' . ( $image ? '' : ' hidden' ) . '>' . esc_html__( 'Remove image', 'fc-catalogue' ) . '</button>';
		echo '<p class="description" id="' . esc_attr( $id ) . '-help">' . esc_html__( 'Shown on the category’s card and page.', 'fc-catalogue' ) . '</p>';
		echo '</div>';
	}

	/** "Add New" (ajax): a wrong hex refuses the whole term, and the form keeps what was typed. */
	public static function check_new( $term, $taxonomy ) {
		if ( is_wp_error( $term ) || ! isset( $_POST[ self::NONCE ], $_POST['fc_hex'] ) || 'product_colors' !== $taxonomy ) { // phpcs:ignore WordPress.Security.NonceVerification -- checked in save()
			return $term;
		}
		$problem = self::hex_problem( sanitize_text_field( wp_unslash( $_POST['fc_hex'] ) ) ); // phpcs:ignore WordPress.Security.NonceVerification
		return null === $problem ? $term : new WP_Error( 'fc_catalogue_invalid', $problem );
	}

	public static function save( $term_id ): void {
		if ( ! isset( $_POST[ self::NONCE ] ) || ! wp_verify_nonce( sanitize_key( $_POST[ self::NONCE ] ), self::NONCE ) || ! current_user_can( 'edit_term', (int) $term_id ) ) {
			return;
		}
		$term = get_term( (int) $term_id );
		if ( ! $term instanceof WP_Term ) {
			return;
		}
		foreach ( FC_Catalogue_Fields::term_fields()[ $term->taxonomy ] ?? array() as $key => $field ) {
			if ( ! isset( $_POST[ 'fc_' . $key ] ) ) {
				continue;
			}
			$typed = sanitize_text_field( wp_unslash( $_POST[ 'fc_' . $key ] ) );
			if ( 'hex' === $field['kind'] && null !== ( $problem = self::hex_problem( $typed ) ) ) {
				set_transient( self::REJECTED . get_current_user_id(), array( 'term' => (int) $term_id, 'key' => $key, 'value' => $typed, 'message' => $problem ), 600 );
				continue;
			}
			$value = FC_Catalogue_Model::sanitize( $field['kind'], $typed );
			if ( '' === $value || 0 === $value ) {
				delete_term_meta( (int) $term_id, $key );
			} else {
				update_term_meta( (int) $term_id, $key, $value );
			}
		}
	}

	/** After an edit with a refused value: back to the term's screen (not the list), which shows it. */
	public static function back_to_form( $location, $taxonomy ) {
		$rejected = get_transient( self::REJECTED . get_current_user_id() );
		if ( is_array( $rejected ) && isset( $rejected['term'] ) ) {
			return get_edit_term_link( (int) $rejected['term'], is_object( $taxonomy ) ? $taxonomy->name : (string) $taxonomy );
		}
		return $location;
	}

	private static function take_rejected( int $term_id ): ?array {
		$rejected = get_transient( self::REJECTED . get_current_user_id() );
		if ( ! is_array( $rejected ) || (int) ( $rejected['term'] ?? 0 ) !== $term_id ) {
			return null;
		}
		delete_transient( self::REJECTED . get_current_user_id() );
		return $rejected;
	}
}
